/**
 * Configuration resolved once per run into typed settings. Internal: it may change in any release.
 */
@API(status = INTERNAL)
package dev.dbbench.config;

import static org.apiguardian.api.API.Status.INTERNAL;

import org.apiguardian.api.API;
