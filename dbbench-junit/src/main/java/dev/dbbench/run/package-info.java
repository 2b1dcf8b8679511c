/**
 * Running one benchmark on one engine target, and the run- and class-wide context. Internal: it
 * may change in any release.
 */
@API(status = INTERNAL)
package dev.dbbench.run;

import static org.apiguardian.api.API.Status.INTERNAL;

import org.apiguardian.api.API;
