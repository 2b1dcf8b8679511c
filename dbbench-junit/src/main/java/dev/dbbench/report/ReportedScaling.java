package dev.dbbench.report;

import java.util.ArrayList;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * One {@code @ExpectScaling} outcome as the reports show it: a benchmark's counts across the values
 * of its parameter on one target.
 *
 * @param benchmark the benchmark on its target, without a value
 * @param atMost the growth allowed, such as {@code LOGARITHMIC}
 * @param values the parameter's values, smallest first
 * @param message what the build log printed when it failed or warned
 */
public record ReportedScaling(String benchmark, String parameter, String atMost, String verdict, List<Long> values,
        List<Count> counts, String reason, boolean failed, boolean warned, String message) {

    /**
     * One count at every value.
     *
     * @param ratios each value's count over the smallest value's
     * @param allowed the largest ratio the bound allowed at each value
     * @param fitted the slowest growth the count stays within, such as {@code LINEAR}; empty for none
     */
    public record Count(String name, List<Long> counts, List<Double> ratios, List<Double> allowed, String fitted,
            boolean within) {

        public Count {
            counts = List.copyOf(counts);
            ratios = List.copyOf(ratios);
            allowed = List.copyOf(allowed);
        }
    }

    public ReportedScaling {
        values = List.copyOf(values);
        counts = List.copyOf(counts);
    }

    static ReportedScaling read(JsonNode node, String where) {
        final JsonFields json = new JsonFields(node, where);
        final List<Count> counts = new ArrayList<>();
        final JsonNode array = json.array("counts");
        for (int i = 0; i < array.size(); i++) {
            final JsonFields count = new JsonFields(array.get(i), json.at("counts", i));
            counts.add(new Count(count.text("name"), whole(count.numbers("counts")), count.numbers("ratios"),
                    count.numbers("allowed"), count.optionalText("fitted").orElse(""), count.bool("within")));
        }
        return new ReportedScaling(json.text("benchmark"), json.text("parameter"), json.text("atMost"),
                json.text("verdict"), whole(json.numbers("values")), counts, json.text("reason"), json.bool("failed"),
                json.bool("warned"), json.text("message"));
    }

    private static List<Long> whole(List<Double> numbers) {
        return numbers.stream().map(Math::round).toList();
    }
}
