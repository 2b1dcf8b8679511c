/**
 * Sampling a benchmark body: calibration, warm-ups, timed samples and the machine-speed ruler, and the
 * lock through which the test JVMs of a machine time one at a time.
 * Internal: it may change in any release.
 */
@API(status = INTERNAL)
package dev.dbbench.measure;

import static org.apiguardian.api.API.Status.INTERNAL;

import org.apiguardian.api.API;
