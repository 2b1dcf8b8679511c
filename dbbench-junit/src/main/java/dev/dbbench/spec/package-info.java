/**
 * What a benchmark declares, validated before anything runs. Internal: it may change in any
 * release.
 */
@API(status = INTERNAL)
package dev.dbbench.spec;

import static org.apiguardian.api.API.Status.INTERNAL;

import org.apiguardian.api.API;
