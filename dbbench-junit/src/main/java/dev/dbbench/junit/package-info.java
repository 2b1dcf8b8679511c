/**
 * The JUnit Jupiter extension behind {@code @DbBenchmark}: it wires dbbench's stages to JUnit.
 */
@API(status = EXPERIMENTAL)
package dev.dbbench.junit;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;
