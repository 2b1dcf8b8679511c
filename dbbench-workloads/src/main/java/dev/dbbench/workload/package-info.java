/**
 * Datasets of the seed benchmarks, generated deterministically, for benchmark fixtures.
 */
@API(status = EXPERIMENTAL)
package dev.dbbench.workload;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;
