/**
 * MongoDB servers: the in-process emulator, containers and external servers. Internal: it may
 * change in any release.
 */
@API(status = INTERNAL)
package dev.dbbench.engine.mongo;

import static org.apiguardian.api.API.Status.INTERNAL;

import org.apiguardian.api.API;
