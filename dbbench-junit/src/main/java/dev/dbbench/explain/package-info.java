/**
 * Statement capture and EXPLAIN of a benchmark's statements. Internal: it may change in any
 * release.
 */
@API(status = INTERNAL)
package dev.dbbench.explain;

import static org.apiguardian.api.API.Status.INTERNAL;

import org.apiguardian.api.API;
