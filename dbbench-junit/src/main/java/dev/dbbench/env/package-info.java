/**
 * Facts about the machine that go with every result, and which run (the {@code mvn} command that
 * forked it) a test JVM belongs to. Internal: it may change in any release.
 */
@API(status = INTERNAL)
package dev.dbbench.env;

import static org.apiguardian.api.API.Status.INTERNAL;

import org.apiguardian.api.API;
