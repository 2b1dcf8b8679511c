/**
 * What users write: the annotations that declare benchmarks, engines and expectations, the
 * injected {@link dev.dbbench.api.SampleTimer}, and the configuration keys.
 */
@API(status = EXPERIMENTAL)
package dev.dbbench.api;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;
