/**
 * Servers for engine targets, scratch databases and the server pool. Internal: it may change in
 * any release.
 */
@API(status = INTERNAL)
package dev.dbbench.engine;

import static org.apiguardian.api.API.Status.INTERNAL;

import org.apiguardian.api.API;
