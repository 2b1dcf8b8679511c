/**
 * Facts about the machine that go with every result. Internal: it may change in any release.
 */
@API(status = INTERNAL)
package dev.dbbench.env;

