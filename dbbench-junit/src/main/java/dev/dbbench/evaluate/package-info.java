/**
 * The evaluation of one benchmark's measurements: judge, confirm, gate, record. Internal: it may
 * change in any release.
 */
@API(status = INTERNAL)
package dev.dbbench.evaluate;

import static org.apiguardian.api.API.Status.INTERNAL;

import org.apiguardian.api.API;
