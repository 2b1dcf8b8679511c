/**
 * Running one benchmark on one engine target, and the run- and class-wide context. Internal: it
 * may change in any release.
 */
@API(status = INTERNAL)
package dev.dbbench.run;

