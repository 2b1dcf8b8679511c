package dev.dbbench.evaluate;

import java.util.List;

import dev.dbbench.metric.MetricValues;

/**
 * What evaluation asks the run stage to measure again: the one way back into sampling. The run that
 * measured a benchmark implements it; evaluation decides when to ask.
 */
public interface Remeasurement {

    /** Fresh samples of the benchmark alone, to confirm a suspected timing regression: the sampled metrics' values. */
    MetricValues confirmation() throws Throwable;

    /**
     * One more independent pass, sampled as the judged pass was (interleaved with the other sides of
     * its expectations), for a baseline entry of several runs.
     */
    MetricValues anotherRun() throws Throwable;

    /**
     * Both sides of one {@code @ExpectFasterThan} sampled again, interleaved: this side's samples first.
     *
     * @param expectation the index of the expectation in the measurement's {@link Measurement#expectations()}
     */
    List<double[]> expectation(int expectation) throws Throwable;
}
