/**
 * Facts about the machine that go with every result. Internal: it may change in any release.
 */
@API(status = INTERNAL)
package dev.dbbench.env;

import static org.apiguardian.api.API.Status.INTERNAL;

import org.apiguardian.api.API;
