package dev.dbbench.spec;

import java.lang.reflect.Method;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import dev.dbbench.api.DbBenchConfigurationException;
import dev.dbbench.api.DbBenchmark;
import dev.dbbench.api.ExpectFasterThan;
import org.junit.platform.commons.support.AnnotationSupport;
import org.junit.platform.commons.support.HierarchyTraversalMode;
import org.junit.platform.commons.support.ReflectionSupport;

/**
 * Validates the {@code @ExpectFasterThan} annotations of a benchmark before anything is measured:
 * the other side must be a {@code @DbBenchmark} of the class that runs on the named target, never
 * this very invocation, with a factor above zero, and the class's expectations must not form a cycle.
 */
final class ExpectationResolver {

    private static final Pattern SELECTOR = Pattern.compile("\\s*([A-Za-z_$][A-Za-z0-9_$]*)?\\s*(?:\\[([^\\]]*)\\])?\\s*");

    private final TargetResolver targets;

    ExpectationResolver(TargetResolver targets) {
        this.targets = targets;
    }

    List<ExpectationSpec> resolve(Class<?> testClass, Method method, List<EngineTarget> methodTargets) {
        final List<ExpectationSpec> specs = new ArrayList<>();
        for (ExpectFasterThan expectation : expectations(method)) {
            specs.add(spec(testClass, method, methodTargets, expectation));
        }
        if (!specs.isEmpty()) {
            checkForCycles(testClass);
        }
        return specs;
    }

    private ExpectationSpec spec(Class<?> testClass, Method method, List<EngineTarget> methodTargets,
            ExpectFasterThan expectation) {
        final String where = "@ExpectFasterThan(\"" + expectation.value() + "\") on " + testClass.getSimpleName() + "."
                + method.getName() + "()";
        if (!(expectation.by() > 0) || Double.isInfinite(expectation.by())) {
            throw new DbBenchConfigurationException(where + " must declare by > 0 but was " + expectation.by());
        }
        final Matcher matcher = SELECTOR.matcher(expectation.value());
        if (!matcher.matches() || matcher.group(1) == null && matcher.group(2) == null) {
            throw new DbBenchConfigurationException(where + " must name a benchmark as \"method\", \"method [target]\""
                    + " or \"[target]\", such as \"findByBrandArrow\" or \"[postgres 15]\"");
        }
        final Method other = matcher.group(1) == null ? method : benchmark(testClass, matcher.group(1), where);
        final List<EngineTarget> otherTargets = targets.targets(testClass, other);
        final Optional<EngineTarget> named = matcher.group(2) == null
                ? Optional.empty()
                : Optional.of(match(matcher.group(2).trim(), otherTargets, other, where));
        final Map<EngineTarget, EngineTarget> mapping = new LinkedHashMap<>();
        for (EngineTarget target : methodTargets) {
            final EngineTarget otherTarget = named.orElse(target);
            if (!otherTargets.contains(otherTarget)) {
                throw new DbBenchConfigurationException(where + " compares [" + target.label() + "] with "
                        + other.getName() + "() on the same target, but " + other.getName() + "() runs only on "
                        + labels(otherTargets) + "; name its target, such as \"" + other.getName() + " ["
                        + otherTargets.get(0).label() + "]\"");
            }
            if (!(other.equals(method) && otherTarget.equals(target))) {
                mapping.put(target, otherTarget);
            }
        }
        if (mapping.isEmpty()) {
            throw new DbBenchConfigurationException(where + " compares the benchmark with itself");
        }
        // The other side runs at this side's value of the parameter, in the same database.
        if (!Scales.declaredScale(testClass, other).equals(Scales.declaredScale(testClass, method))) {
            throw new DbBenchConfigurationException(where + " compares benchmarks that run over different @Scale"
                    + " parameters or values; both sides run at each value, so declare the same @Scale on both (or"
                    + " on their class)");
        }
        return new ExpectationSpec(expectation.value(), other, expectation.by(), mapping);
    }

    private static Method benchmark(Class<?> testClass, String name, String where) {
        final List<Method> named = ReflectionSupport.findMethods(testClass, candidate -> candidate.getName().equals(name),
                HierarchyTraversalMode.TOP_DOWN);
        final List<Method> benchmarks = named.stream()
                .filter(candidate -> AnnotationSupport.isAnnotated(candidate, DbBenchmark.class))
                .toList();
        if (benchmarks.isEmpty()) {
            final String known = AnnotationSupport.findAnnotatedMethods(testClass, DbBenchmark.class,
                    HierarchyTraversalMode.TOP_DOWN).stream().map(Method::getName).sorted().toList().toString();
            throw new DbBenchConfigurationException(where + " names " + name + (named.isEmpty()
                    ? ", which is not a method of " + testClass.getSimpleName()
                    : "(), which is not a @DbBenchmark") + "; its @DbBenchmark methods are " + known);
        }
        if (benchmarks.size() > 1) {
            throw new DbBenchConfigurationException(where + " names " + name + ", which " + testClass.getSimpleName()
                    + " declares " + benchmarks.size() + " times; benchmarks are told apart by name");
        }
        return benchmarks.get(0);
    }

    private static EngineTarget match(String selector, List<EngineTarget> candidates, Method other, String where) {
        final String wanted = selector.toLowerCase(Locale.ROOT);
        final List<EngineTarget> matches = candidates.stream()
                .filter(target -> target.label().equals(wanted) || target.label().startsWith(wanted + " "))
                .toList();
        if (matches.isEmpty()) {
            throw new DbBenchConfigurationException(where + " names the target [" + selector + "], but "
                    + other.getName() + "() runs on " + labels(candidates));
        }
        if (matches.size() > 1) {
            throw new DbBenchConfigurationException(where + " names the target [" + selector + "], which matches "
                    + labels(matches) + "; add the provider or settings to tell them apart");
        }
        return matches.get(0);
    }

    /** Depth-first search over "must be faster than" edges between (method, target) nodes of the class. */
    private void checkForCycles(Class<?> testClass) {
        final Map<String, List<String>> edges = new LinkedHashMap<>();
        for (Method method : AnnotationSupport.findAnnotatedMethods(testClass, DbBenchmark.class,
                HierarchyTraversalMode.TOP_DOWN)) {
            final List<EngineTarget> methodTargets = targets.targets(testClass, method);
            for (ExpectFasterThan expectation : expectations(method)) {
                final ExpectationSpec spec;
                try {
                    spec = spec(testClass, method, methodTargets, expectation);
                } catch (DbBenchConfigurationException e) {
                    // Reported when that method's spec is built; a broken edge cannot close a cycle here.
                    continue;
                }
                spec.otherTargets().forEach((from, to) -> edges
                        .computeIfAbsent(node(method, from), key -> new ArrayList<>())
                        .add(node(spec.other(), to)));
            }
        }
        final Set<String> done = new HashSet<>();
        for (String start : edges.keySet()) {
            final Deque<String> path = new ArrayDeque<>();
            findCycle(start, edges, done, path, new HashSet<>());
        }
    }

    private static void findCycle(String node, Map<String, List<String>> edges, Set<String> done, Deque<String> path,
            Set<String> onPath) {
        if (done.contains(node)) {
            return;
        }
        path.addLast(node);
        onPath.add(node);
        for (String next : edges.getOrDefault(node, List.of())) {
            if (onPath.contains(next)) {
                final List<String> cycle = new ArrayList<>(path);
                final List<String> loop = cycle.subList(cycle.indexOf(next), cycle.size());
                throw new DbBenchConfigurationException("@ExpectFasterThan forms a cycle, so no order of speeds can"
                        + " satisfy it: " + String.join(" -> ", loop) + " -> " + next);
            }
            findCycle(next, edges, done, path, onPath);
        }
        onPath.remove(node);
        path.removeLast();
        done.add(node);
    }

    private static String node(Method method, EngineTarget target) {
        return method.getName() + " [" + target.label() + "]";
    }

    static List<ExpectFasterThan> expectations(Method method) {
        return AnnotationSupport.findRepeatableAnnotations(method, ExpectFasterThan.class);
    }

    private static String labels(List<EngineTarget> targets) {
        return targets.stream().map(target -> "[" + target.label() + "]").collect(Collectors.joining(", "));
    }
}
