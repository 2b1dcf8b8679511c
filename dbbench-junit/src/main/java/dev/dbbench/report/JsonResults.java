package dev.dbbench.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.SerializationFeature;

/**
 * The run's results as JSON, for tools that read them (dashboards, PR bots) and for merging the
 * results of several runners: {@code schema}, {@code recordedAt} and one object per result (see
 * {@link ResultJson}).
 *
 * <p>Schema 2 added {@code recordedAt}, each result's {@code baselineRecordedAt} and
 * {@code metrics}, and each expectation's {@code confidence} and {@code message}; {@code warned}
 * also counts warning expectations. Every field of schema 1 is kept with its meaning. A metric the
 * baseline holds that this run could not measure is listed under {@code metrics} with verdict
 * {@code NOT_MEASURED}.
 */
public final class JsonResults implements ResultFormat {

    private final ObjectWriter writer = ResultJson.MAPPER.writer().with(SerializationFeature.INDENT_OUTPUT);

    @Override
    public String name() {
        return "results";
    }

    @Override
    public String extension() {
        return "json";
    }

    @Override
    public String render(Report report) {
        try {
            return writer.writeValueAsString(report.toJson()) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot render results as JSON", e);
        }
    }
}
