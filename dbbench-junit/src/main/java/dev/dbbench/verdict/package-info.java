/**
 * The judges of timings and of relative expectations. Internal: it may change in any release.
 */
@API(status = INTERNAL)
package dev.dbbench.verdict;

import static org.apiguardian.api.API.Status.INTERNAL;

import org.apiguardian.api.API;
