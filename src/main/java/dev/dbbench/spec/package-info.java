/**
 * What a benchmark declares, validated before anything runs. Internal: it may change in any
 * release.
 */
@API(status = INTERNAL)
package dev.dbbench.spec;

