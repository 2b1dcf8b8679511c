/**
 * PostgreSQL servers: embedded binaries, containers and external servers. Internal: it may change
 * in any release.
 */
@API(status = INTERNAL)
package dev.dbbench.engine.postgres;

import static org.apiguardian.api.API.Status.INTERNAL;

import org.apiguardian.api.API;
