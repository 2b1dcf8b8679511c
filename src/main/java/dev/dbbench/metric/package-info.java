/**
 * The kinds of metric a benchmark measures: how each is stored, judged and rendered. Internal: it
 * may change in any release.
 */
@API(status = INTERNAL)
package dev.dbbench.metric;

