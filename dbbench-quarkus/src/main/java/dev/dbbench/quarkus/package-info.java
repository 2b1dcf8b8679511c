/**
 * dbbench for Quarkus: a {@code @QuarkusTest} class whose application runs on the class's database.
 */
@API(status = EXPERIMENTAL)
package dev.dbbench.quarkus;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;
