/**
 * Datasets of the seed benchmarks, generated deterministically, for benchmark fixtures.
 */
@API(status = EXPERIMENTAL)
package dev.dbbench.workload;

