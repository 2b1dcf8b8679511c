/**
 * Configuration resolved once per run into typed settings. Internal: it may change in any release.
 */
@API(status = INTERNAL)
package dev.dbbench.config;

