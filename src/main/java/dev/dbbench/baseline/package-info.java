/**
 * Baseline files: their codec and their store. Internal: it may change in any release.
 */
@API(status = INTERNAL)
package dev.dbbench.baseline;

