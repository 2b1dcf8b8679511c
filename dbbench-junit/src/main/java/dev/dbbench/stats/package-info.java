/**
 * Statistics over samples: summaries and comparisons. Internal: it may change in any release.
 */
@API(status = INTERNAL)
package dev.dbbench.stats;

import static org.apiguardian.api.API.Status.INTERNAL;

import org.apiguardian.api.API;
