/**
 * How figures and messages are written, the same in every format, and when two SQL texts are the
 * same statement. Internal: it may change in any release.
 */
@API(status = INTERNAL)
package dev.dbbench.text;

import static org.apiguardian.api.API.Status.INTERNAL;

import org.apiguardian.api.API;
