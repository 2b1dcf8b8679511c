package dev.dbbench.metric;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.function.Function;
import java.util.stream.Collectors;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.dbbench.engine.CommandProfile;
import dev.dbbench.spec.PlanExpectations;
import dev.dbbench.text.Figures;

/**
 * What a MongoDB server did for each command shape of one untimed call, the MongoDB counterpart of
 * {@link Plans}: from the server's profiler, each shape's winning plan and the index keys and
 * documents it examined, compared with the baseline's (a plan that changed fails; examined counts
 * may rise by {@link PlanJudge#TOLERANCE} and {@link PlanJudge#MIN_BLOCKS}), plus the method's plan
 * expectations: {@code @UsesIndex} (an index by name), {@code @NoSeqScan} (no collection scan) and
 * {@code @MaxStatements} (commands per call). On the emulator, which has no profiler, only the
 * commands are known: {@code @MaxStatements} is checked there, the others are not. Stored as
 * {@code "commandPlans": {commands, profiled, commandsPerOp}}.
 */
public final class CommandPlans extends ExactMetric<CommandProfile> {

    CommandPlans() {
    }

    @Override
    public String id() {
        return "commandPlans";
    }

    @Override
    public Optional<Class<CommandProfile>> captured() {
        return Optional.of(CommandProfile.class);
    }

    @Override
    public JsonNode write(CommandProfile value) {
        return MetricJson.tree(value);
    }

    @Override
    public CommandProfile read(JsonNode json) {
        final CommandProfile profile = MetricJson.read(json, CommandProfile.class);
        if (profile.commandsPerOp() < 0 || profile.commands().stream().anyMatch(command -> command.executionsPerOp() < 1
                || command.keysExamined() < 0 || command.docsExamined() < 0 || command.returned() < 0)) {
            throw new InvalidValueException("counts must be zero or more, and each command run at least once");
        }
        return profile;
    }

    @Override
    public FindingsAssessment assess(CommandProfile current, Optional<CommandProfile> baseline, Judging context) {
        final List<Finding> findings = new ArrayList<>();
        baseline.filter(before -> before.profiled() && current.profiled())
                .ifPresent(before -> compare(findings, before, current));
        expected(findings, current, context.declared());
        return FindingsAssessment.of(findings, baseline.isPresent());
    }

    /** Plans and examined counts of the shapes both calls ran. */
    private static void compare(List<Finding> findings, CommandProfile baseline, CommandProfile current) {
        final Map<String, CommandProfile.Command> before = baseline.commands().stream()
                .collect(Collectors.toMap(CommandProfile.Command::command, Function.identity(), (a, b) -> a));
        for (CommandProfile.Command command : current.commands()) {
            final CommandProfile.Command old = before.get(command.command());
            if (old == null) {
                continue;
            }
            if (!old.plan().equals(command.plan())) {
                findings.add(new Finding(Finding.Kind.PLAN_CHANGED, command.command(), "plan " + shown(old.plan())
                        + " -> " + shown(command.plan())));
            }
            Counts.compare(findings, command.command(), "keys examined per call", old.keysExamined(),
                    command.keysExamined(), PlanJudge.TOLERANCE, PlanJudge.MIN_BLOCKS);
            Counts.compare(findings, command.command(), "docs examined per call", old.docsExamined(),
                    command.docsExamined(), PlanJudge.TOLERANCE, PlanJudge.MIN_BLOCKS);
        }
    }

    private static void expected(List<Finding> findings, CommandProfile current, PlanExpectations declared) {
        if (current.profiled()) {
            for (String index : declared.usesIndexes()) {
                if (current.commands().stream().noneMatch(command -> command.indexes().contains(index))) {
                    findings.add(new Finding(Finding.Kind.EXPECTATION_MISSED, "-", "@UsesIndex(\"" + index
                            + "\"): no command's plan uses it; plans: " + plans(current)));
                }
            }
            for (CommandProfile.Command command : current.commands()) {
                for (String collection : command.collectionScans()) {
                    if (declared.noSeqScanAtAll() || declared.noSeqScanOn().contains(collection)) {
                        findings.add(new Finding(Finding.Kind.EXPECTATION_MISSED, command.command(),
                                "@NoSeqScan: collection scan of " + collection + " (" + command.docsExamined()
                                        + " docs examined per call)"));
                    }
                }
            }
        }
        if (current.commandsPerOp() > declared.maxStatementsPerOp()) {
            findings.add(new Finding(Finding.Kind.EXPECTATION_MISSED, "-", "@MaxStatements("
                    + declared.maxStatementsPerOp() + "): one call sent " + current.commandsPerOp() + " commands: "
                    + current.commands().stream().map(command -> command.executionsPerOp() + " x " + command.command())
                            .collect(Collectors.joining("; "))));
        }
    }

    private static String plans(CommandProfile profile) {
        return profile.commands().stream().filter(command -> !command.plan().isEmpty())
                .map(command -> command.command() + ": " + command.plan()).collect(Collectors.joining("; "));
    }

    private static String shown(String plan) {
        return plan.isEmpty() ? "(none)" : plan;
    }

    @Override
    public Optional<String> summary(MetricResult<CommandProfile, FindingsAssessment> result, MetricResults all) {
        final CommandProfile profile = result.current();
        return Optional.of(profile.profiled()
                ? Figures.count(profile.docsExaminedPerOp()) + " doc(s) and " + Figures.count(profile.keysExaminedPerOp())
                        + " key(s) examined by " + profile.commands().size() + " command shape(s)"
                : profile.commands().size() + " command shape(s), server work not profiled (emulator)");
    }

    @Override
    public Optional<MetricMessage> message(MetricResult<CommandProfile, FindingsAssessment> result, MetricResults all,
            Subject subject) {
        return FindingsAssessment.message(result.assessment(), "COMMAND PLAN", result.current().profiled()
                ? "the server's profiler, per command shape, no statistics involved"
                : "the commands the call sent, no statistics involved; the emulator has no profiler", subject);
    }

    @Override
    public JsonNode json(MetricResult<CommandProfile, FindingsAssessment> result) {
        final ObjectNode json = MetricJson.NODES.objectNode();
        json.set("commandPlans", MetricJson.tree(result.current()));
        json.set("baselineCommandPlans", result.baseline().map(MetricJson::tree).orElse(MetricJson.NODES.nullNode()));
        json.set("commandPlanFindings", result.assessment().json());
        return json;
    }

    /** Documents and index keys one call examined, where the server was profiled. */
    @Override
    public List<Measure> measures(MetricResult<CommandProfile, FindingsAssessment> result) {
        if (!result.current().profiled()) {
            return List.of();
        }
        final Optional<CommandProfile> baseline = result.baseline().filter(CommandProfile::profiled);
        return List.of(
                Measure.exact("docs-examined", "docs/op", result.current().docsExaminedPerOp(),
                        baseline.map(profile -> OptionalDouble.of(profile.docsExaminedPerOp()))
                                .orElse(OptionalDouble.empty())),
                Measure.exact("keys-examined", "keys/op", result.current().keysExaminedPerOp(),
                        baseline.map(profile -> OptionalDouble.of(profile.keysExaminedPerOp()))
                                .orElse(OptionalDouble.empty())));
    }
}
