/**
 * The kinds of metric a benchmark measures: how each is stored, judged and rendered. Internal: it
 * may change in any release.
 */
@API(status = INTERNAL)
package dev.dbbench.metric;

import static org.apiguardian.api.API.Status.INTERNAL;

import org.apiguardian.api.API;
