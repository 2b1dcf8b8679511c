/**
 * Statistics over samples: summaries and comparisons. Internal: it may change in any release.
 */
@API(status = INTERNAL)
package dev.dbbench.stats;

