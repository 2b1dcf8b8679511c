/**
 * dbbench-maven-plugin: the goals {@code compare} (a same-runner A/B against the base commit),
 * {@code merge} and {@code accept}. Users call goals, never these classes. Internal: it may change
 * in any release.
 */
@API(status = INTERNAL)
package dev.dbbench.maven;

import static org.apiguardian.api.API.Status.INTERNAL;

import org.apiguardian.api.API;
