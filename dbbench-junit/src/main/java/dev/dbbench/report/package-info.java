/**
 * Result formats, the run report and the messages a benchmark prints. Internal: it may change in
 * any release.
 */
@API(status = INTERNAL)
package dev.dbbench.report;

import static org.apiguardian.api.API.Status.INTERNAL;

import org.apiguardian.api.API;
