package dev.dbbench.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.dbbench.metric.ContextLine;
import dev.dbbench.metric.DetailTable;
import dev.dbbench.metric.Measure;
import dev.dbbench.spec.ScalePoint;
import dev.dbbench.verdict.EnvironmentChange;

/**
 * The codec of one {@link ReportedResult} as {@code results.json} holds it: its identity and outcome,
 * the fields its metrics wrote (wall time's at the top, as they always were), its environment,
 * expectations, scaling and baseline, and under {@code metrics} what each metric rendered (verdict,
 * cells, summary, findings, measures). Used at the edge only: to write the file, and to read files of
 * other runs for merges, comparisons and history; inside one run the model is never parsed back.
 */
final class ResultJson {

    static final ObjectMapper MAPPER = JsonMapper.builder().build();

    /** The fields the model writes itself; every other field of a result object is one of {@code fields}. */
    private static final Set<String> OWN = Set.of("class", "method", "target", "key", "parameter", "failed", "warned",
            "informed", "baselineWritten", "environment", "expectations", "scaling", "baselineFile",
            "baselineRecordedAt", "acceptCommand", "compareCommand", "note", "timing", "workCounts", "metrics");

    private ResultJson() {
    }

    static ObjectNode write(ReportedResult result) {
        final ObjectNode json = MAPPER.createObjectNode();
        json.put("class", result.className());
        json.put("method", result.method());
        json.put("target", result.target());
        json.put("key", result.key());
        json.set("parameter", result.parameter().map(point -> (JsonNode) MAPPER.createObjectNode()
                .put("name", point.name()).put("value", point.value())).orElse(MAPPER.nullNode()));
        json.put("failed", result.failed());
        json.put("warned", result.warned());
        json.put("informed", result.informed());
        json.put("baselineWritten", result.baselineWritten());
        json.setAll(result.fields().deepCopy());
        json.set("environment", MAPPER.valueToTree(result.environment()));
        final ArrayNode expectations = json.putArray("expectations");
        result.expectations().forEach(expectation -> expectations.add(expectation(expectation)));
        json.set("scaling", result.scaling().map(scaling -> (JsonNode) scaling(scaling)).orElse(MAPPER.nullNode()));
        json.put("baselineFile", result.baselineFile());
        json.put("baselineRecordedAt", result.baselineRecordedAt());
        json.put("acceptCommand", result.acceptCommand());
        result.timing().ifPresent(timing -> json.put("compareCommand", timing.compareCommand()));
        json.put("note", result.note());
        result.timing().ifPresent(timing -> {
            json.set("timing", MAPPER.createObjectNode().put("gates", timing.gates()).put("reason", timing.reason()));
            final ObjectNode counts = json.putObject("workCounts");
            counts.put("state", timing.countsState());
            counts.set("unchanged", MAPPER.valueToTree(timing.unchanged()));
            counts.set("moved", MAPPER.valueToTree(timing.moved()));
            counts.set("uncompared", MAPPER.valueToTree(timing.uncompared()));
            counts.put("summary", timing.counts());
        });
        final ArrayNode metrics = json.putArray("metrics");
        result.metrics().forEach(metric -> metrics.add(metric(metric)));
        return json;
    }

    private static ObjectNode metric(ReportedMetric metric) {
        final ObjectNode json = MAPPER.createObjectNode();
        json.put("id", metric.id());
        json.put("gating", metric.gating());
        json.put("verdict", metric.verdict());
        json.put("reason", metric.reason());
        json.put("failed", metric.failed());
        json.put("warned", metric.warned());
        json.put("informed", metric.informed());
        json.set("columns", MAPPER.valueToTree(metric.columns()));
        json.set("cells", MAPPER.valueToTree(metric.cells()));
        json.put("summary", metric.summary().isEmpty() ? null : metric.summary());
        json.set("context", metric.context().map(line -> (JsonNode) MAPPER.createObjectNode()
                .put("label", line.label()).put("value", line.value())).orElse(MAPPER.nullNode()));
        json.put("message", metric.message().isEmpty() ? null : metric.message());
        final ArrayNode findings = json.putArray("findings");
        metric.findings().forEach(finding -> findings.addObject().put("kind", finding.kind())
                .put("subject", finding.subject()).put("detail", finding.detail()).put("fails", finding.fails()));
        json.set("fields", MAPPER.valueToTree(metric.fields()));
        final ArrayNode measures = json.putArray("measures");
        for (Measure measure : metric.measures()) {
            final ObjectNode node = measures.addObject().put("name", measure.name()).put("unit", measure.unit());
            final ArrayNode current = node.putArray("current");
            for (double value : measure.current()) {
                current.add(value);
            }
            final ArrayNode baseline = node.putArray("baseline");
            for (double value : measure.baseline()) {
                baseline.add(value);
            }
        }
        if (!metric.tables().isEmpty()) {
            final ArrayNode tables = json.putArray("tables");
            metric.tables().forEach(table -> tables.addObject().put("title", table.title())
                    .<ObjectNode>set("columns", MAPPER.valueToTree(table.columns()))
                    .set("rows", MAPPER.valueToTree(table.rows())));
        }
        return json;
    }

    private static ObjectNode scaling(ReportedScaling scaling) {
        final ObjectNode json = MAPPER.createObjectNode();
        json.put("benchmark", scaling.benchmark());
        json.put("parameter", scaling.parameter());
        json.put("atMost", scaling.atMost());
        json.put("statementsAtMost", scaling.statementsAtMost());
        json.put("verdict", scaling.verdict());
        json.set("values", MAPPER.valueToTree(scaling.values()));
        final ArrayNode counts = json.putArray("counts");
        for (ReportedScaling.Count count : scaling.counts()) {
            final ObjectNode node = counts.addObject().put("name", count.name());
            node.set("counts", MAPPER.valueToTree(count.counts()));
            final ArrayNode ratios = node.putArray("ratios");
            count.ratios().forEach(ratio -> ratios.add(number(ratio)));
            node.put("bound", count.bound());
            final ArrayNode allowed = node.putArray("allowed");
            count.allowed().forEach(ratio -> allowed.add(number(ratio)));
            fit(node, count.fit());
            node.put("within", count.within());
        }
        final ArrayNode informing = json.putArray("informing");
        for (ReportedScaling.Series series : scaling.informing()) {
            final ObjectNode node = informing.addObject().put("name", series.name());
            final ArrayNode values = node.putArray("values");
            series.values().forEach(value -> values.add(number(value)));
            node.put("duration", series.duration());
            fit(node, series.fit());
        }
        final ArrayNode statements = json.putArray("statements");
        for (ReportedScaling.Statement statement : scaling.statements()) {
            final ObjectNode node = statements.addObject().put("statement", statement.statement());
            node.set("executions", MAPPER.valueToTree(statement.executions()));
            fit(node, statement.fit());
            node.put("within", statement.within());
        }
        json.set("margin", number(scaling.margin()));
        json.put("reason", scaling.reason());
        json.put("failed", scaling.failed());
        json.put("warned", scaling.warned());
        json.put("message", scaling.message());
        return json;
    }

    private static ObjectNode expectation(ReportedExpectation expectation) {
        final ObjectNode json = MAPPER.createObjectNode();
        json.put("benchmark", expectation.benchmark());
        json.put("other", expectation.other());
        json.put("verdict", expectation.verdict());
        json.set("factor", number(expectation.factor()));
        json.set("speedup", number(expectation.speedup()));
        json.putArray("speedupInterval").add(number(expectation.low())).add(number(expectation.high()));
        json.set("confidence", number(expectation.confidence()));
        json.set("thisMedian", number(expectation.thisMedian()));
        json.set("otherMedian", number(expectation.otherMedian()));
        json.put("reason", expectation.reason());
        json.put("failed", expectation.failed());
        json.put("warned", expectation.warned());
        json.put("message", expectation.message());
        return json;
    }

    /** A number, or null where there is none (NaN is not JSON, and 0 would read as a real figure). */
    private static JsonNode number(double value) {
        return Double.isFinite(value) ? MAPPER.getNodeFactory().numberNode(value) : MAPPER.nullNode();
    }

    /** Reads one result object of {@code results.json}; {@code where} names it in errors. */
    static ReportedResult read(JsonNode node, String where) {
        final JsonFields json = new JsonFields(node, where);
        final List<ReportedMetric> metrics = new ArrayList<>();
        final JsonNode metricArray = json.array("metrics");
        for (int i = 0; i < metricArray.size(); i++) {
            metrics.add(metric(metricArray.get(i), json.at("metrics", i)));
        }
        final List<ReportedExpectation> expectations = new ArrayList<>();
        final JsonNode expectationArray = json.array("expectations");
        for (int i = 0; i < expectationArray.size(); i++) {
            expectations.add(expectation(expectationArray.get(i), json.at("expectations", i)));
        }
        final SortedMap<String, String> environment = new TreeMap<>();
        json.object("environment").fields().forEachRemaining(fact -> environment.put(fact.getKey(),
                fact.getValue().asText()));
        final ObjectNode fields = MAPPER.createObjectNode();
        node.fields().forEachRemaining(field -> {
            if (!OWN.contains(field.getKey())) {
                fields.set(field.getKey(), field.getValue());
            }
        });
        return new ReportedResult(json.text("class"), json.text("method"), json.text("target"), json.text("key"),
                json.bool("failed"), json.bool("warned"), json.bool("baselineWritten"), metrics, expectations,
                environment, environmentChanges(node, json), json.text("baselineFile"),
                json.text("baselineRecordedAt"), json.text("acceptCommand"), json.text("note"), fields,
                present(node, "parameter").map(parameter -> {
                    final JsonFields point = new JsonFields(parameter, json.at("parameter"));
                    return new ScalePoint(point.text("name"), Math.round(point.number("value")));
                }),
                present(node, "scaling").map(scaling -> scaling(scaling, json.at("scaling"))),
                json.optionalBool("informed"), present(node, "timing").map(timing -> {
                    final JsonFields fieldsOf = new JsonFields(timing, json.at("timing"));
                    final JsonFields counts = new JsonFields(json.object("workCounts"), json.at("workCounts"));
                    return new ReportedResult.Timing(fieldsOf.bool("gates"), fieldsOf.text("reason"),
                            counts.text("state"), counts.text("summary"), json.text("compareCommand"),
                            optionalTexts(counts, "unchanged"), optionalTexts(counts, "moved"),
                            optionalTexts(counts, "uncompared"));
                }));
    }

    /** A field written since results held it; absent or null in results of earlier versions and for none. */
    private static Optional<JsonNode> present(JsonNode node, String field) {
        return Optional.ofNullable(node.get(field)).filter(value -> !value.isNull());
    }

    /** Texts written since results held them: none in results of earlier versions. */
    private static List<String> optionalTexts(JsonFields json, String field) {
        return json.has(field) ? json.texts(field) : List.of();
    }

    /** A number written since results held it: NaN, written back as null, in results of earlier versions. */
    private static double optionalNumber(JsonFields json, String field) {
        return json.has(field) ? json.number(field) : Double.NaN;
    }

    /** The changes listed under {@code environmentChanges} by whichever metric compares environments. */
    private static List<EnvironmentChange> environmentChanges(JsonNode node, JsonFields json) {
        final List<EnvironmentChange> changes = new ArrayList<>();
        if (node.has("environmentChanges")) {
            final JsonNode array = json.array("environmentChanges");
            for (int i = 0; i < array.size(); i++) {
                final JsonFields change = new JsonFields(array.get(i), json.at("environmentChanges", i));
                changes.add(new EnvironmentChange(change.text("key"), change.text("baseline"), change.text("current")));
            }
        }
        return changes;
    }

    private static ReportedMetric metric(JsonNode node, String where) {
        final JsonFields json = new JsonFields(node, where);
        final List<ReportedMetric.Finding> findings = new ArrayList<>();
        final JsonNode findingsArray = json.array("findings");
        for (int i = 0; i < findingsArray.size(); i++) {
            final JsonFields finding = new JsonFields(findingsArray.get(i), json.at("findings", i));
            findings.add(new ReportedMetric.Finding(finding.text("kind"), finding.text("subject"),
                    finding.text("detail"), finding.bool("fails")));
        }
        final List<Measure> measures = new ArrayList<>();
        final JsonNode measuresArray = json.array("measures");
        for (int i = 0; i < measuresArray.size(); i++) {
            measures.add(measure(measuresArray.get(i), json.at("measures", i)));
        }
        final Optional<ContextLine> line = present(node, "context").map(context -> {
            final JsonFields fields = new JsonFields(context, json.at("context"));
            return new ContextLine(fields.text("label"), fields.text("value"));
        });
        final List<DetailTable> tables = new ArrayList<>();
        if (present(node, "tables").isPresent()) {
            final JsonNode tablesArray = json.array("tables");
            for (int i = 0; i < tablesArray.size(); i++) {
                tables.add(table(tablesArray.get(i), json.at("tables", i)));
            }
        }
        return new ReportedMetric(json.text("id"), json.text("gating"), json.text("verdict"), json.text("reason"),
                json.bool("failed"), json.bool("warned"), json.optionalBool("informed"), json.texts("columns"),
                json.texts("cells"), json.optionalText("summary").orElse(""), line,
                json.optionalText("message").orElse(""), findings, json.texts("fields"), measures, tables);
    }

    /** A metric's table; written since metrics add tables, absent in files of earlier versions. */
    private static DetailTable table(JsonNode node, String where) {
        final JsonFields json = new JsonFields(node, where);
        final List<List<String>> rows = new ArrayList<>();
        final JsonNode rowsArray = json.array("rows");
        for (int i = 0; i < rowsArray.size(); i++) {
            final JsonNode row = rowsArray.get(i);
            final List<String> cells = new ArrayList<>();
            if (!row.isArray()) {
                throw new IllegalArgumentException(json.at("rows", i) + " must be an array of texts but was " + row);
            }
            row.forEach(cell -> cells.add(cell.asText()));
            rows.add(cells);
        }
        try {
            return new DetailTable(json.text("title"), json.texts("columns"), rows);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(where + ": " + e.getMessage(), e);
        }
    }

    private static Measure measure(JsonNode node, String where) {
        final JsonFields json = new JsonFields(node, where);
        try {
            return new Measure(json.text("name"), json.text("unit"), numbers(json.array("current"), where),
                    numbers(json.array("baseline"), where));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(where + ": " + e.getMessage(), e);
        }
    }

    /** A growth fit's fields, flat in the object it describes: {@code fitted}, {@code exponent}, {@code rSquared}. */
    private static void fit(ObjectNode node, ReportedScaling.Fit fit) {
        node.put("fitted", fit.growth().isEmpty() ? null : fit.growth());
        node.set("exponent", number(fit.exponent()));
        node.set("rSquared", number(fit.rSquared()));
    }

    private static ReportedScaling.Fit fit(JsonFields json) {
        return new ReportedScaling.Fit(json.optionalText("fitted").orElse(""), optionalNumber(json, "exponent"),
                optionalNumber(json, "rSquared"));
    }

    private static double[] numbers(JsonNode array, String where) {
        final double[] values = new double[array.size()];
        for (int i = 0; i < values.length; i++) {
            if (!array.get(i).isNumber()) {
                throw new IllegalArgumentException(where + " holds " + array.get(i) + " where a number belongs");
            }
            values[i] = array.get(i).asDouble();
        }
        return values;
    }

    /** An {@code @ExpectScaling} outcome; fields added since the first version read as that version meant them. */
    private static ReportedScaling scaling(JsonNode node, String where) {
        final JsonFields json = new JsonFields(node, where);
        final String atMost = json.text("atMost");
        final List<ReportedScaling.Count> counts = new ArrayList<>();
        final JsonNode array = json.array("counts");
        for (int i = 0; i < array.size(); i++) {
            final JsonFields count = new JsonFields(array.get(i), json.at("counts", i));
            counts.add(new ReportedScaling.Count(count.text("name"), whole(count.numbers("counts")),
                    count.numbers("ratios"), count.optionalText("bound").orElse(atMost), count.numbers("allowed"),
                    fit(count), count.bool("within")));
        }
        final List<ReportedScaling.Series> informing = new ArrayList<>();
        final JsonNode series = json.has("informing") ? json.array("informing") : MAPPER.createArrayNode();
        for (int i = 0; i < series.size(); i++) {
            final JsonFields each = new JsonFields(series.get(i), json.at("informing", i));
            informing.add(new ReportedScaling.Series(each.text("name"), each.numbers("values"), each.bool("duration"),
                    fit(each)));
        }
        final List<ReportedScaling.Statement> statements = new ArrayList<>();
        final JsonNode statementArray = json.has("statements") ? json.array("statements") : MAPPER.createArrayNode();
        for (int i = 0; i < statementArray.size(); i++) {
            final JsonFields each = new JsonFields(statementArray.get(i), json.at("statements", i));
            statements.add(new ReportedScaling.Statement(each.text("statement"), whole(each.numbers("executions")),
                    fit(each), each.bool("within")));
        }
        return new ReportedScaling(json.text("benchmark"), json.text("parameter"), atMost,
                json.optionalText("statementsAtMost").orElse(atMost), json.text("verdict"),
                whole(json.numbers("values")), counts, informing, statements, optionalNumber(json, "margin"),
                json.text("reason"), json.bool("failed"), json.bool("warned"), json.text("message"));
    }

    private static List<Long> whole(List<Double> numbers) {
        return numbers.stream().map(Math::round).toList();
    }

    private static ReportedExpectation expectation(JsonNode node, String where) {
        final JsonFields json = new JsonFields(node, where);
        final JsonNode interval = json.array("speedupInterval");
        if (interval.size() != 2 || !numberOrNull(interval.get(0)) || !numberOrNull(interval.get(1))) {
            throw new IllegalArgumentException(where + ".speedupInterval must be two numbers but was " + interval);
        }
        return new ReportedExpectation(json.text("benchmark"), json.text("other"), json.text("verdict"),
                json.number("factor"), json.number("speedup"), bound(interval.get(0)), bound(interval.get(1)),
                json.number("confidence"), json.number("thisMedian"), json.number("otherMedian"), json.text("reason"),
                json.bool("failed"), json.bool("warned"), json.text("message"));
    }

    private static boolean numberOrNull(JsonNode value) {
        return value.isNumber() || value.isNull();
    }

    private static double bound(JsonNode value) {
        return value.isNull() ? Double.NaN : value.asDouble();
    }
}
