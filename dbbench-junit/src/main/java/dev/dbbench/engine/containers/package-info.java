/**
 * Docker containers through Testcontainers: the Docker check, image pulls, container lifecycle.
 * Internal: it may change in any release.
 */
@API(status = INTERNAL)
package dev.dbbench.engine.containers;

import static org.apiguardian.api.API.Status.INTERNAL;

import org.apiguardian.api.API;
