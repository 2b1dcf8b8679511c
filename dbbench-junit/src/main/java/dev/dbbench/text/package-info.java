/**
 * How figures and messages are written, the same in every format. Internal: it may change in any
 * release.
 */
@API(status = INTERNAL)
package dev.dbbench.text;

import static org.apiguardian.api.API.Status.INTERNAL;

import org.apiguardian.api.API;
