/**
 * Baseline files: their codec and their store. Internal: it may change in any release.
 */
@API(status = INTERNAL)
package dev.dbbench.baseline;

import static org.apiguardian.api.API.Status.INTERNAL;

import org.apiguardian.api.API;
