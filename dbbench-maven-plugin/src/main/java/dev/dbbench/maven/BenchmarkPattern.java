package dev.dbbench.maven;

import java.util.ArrayList;
import java.util.List;

import dev.dbbench.report.ReportedResult;

/**
 * A benchmark named on the command line, as Surefire's {@code -Dtest} names tests:
 * {@code Class#method}, or {@code Class} for all of its benchmarks; the class by its simple or its
 * fully qualified name.
 */
record BenchmarkPattern(String className, String method) {

    /** Parses a comma-separated list, such as {@code OrderBench#findByCustomer,StockBench}. */
    static List<BenchmarkPattern> parseAll(String list, String parameter) {
        final List<BenchmarkPattern> patterns = new ArrayList<>();
        for (String item : list.split(",")) {
            final String trimmed = item.trim();
            if (trimmed.isEmpty()) {
                continue;
            }
            final int hash = trimmed.indexOf('#');
            final String className = hash < 0 ? trimmed : trimmed.substring(0, hash);
            final String method = hash < 0 ? "" : trimmed.substring(hash + 1);
            if (!className.matches("[A-Za-z_$][\\w$.]*") || !method.matches("[\\w$]*")) {
                throw new IllegalArgumentException(parameter + " holds \"" + trimmed + "\", which is not Class#method"
                        + " or Class (for example OrderBench#findByCustomer)");
            }
            patterns.add(new BenchmarkPattern(className, method));
        }
        if (patterns.isEmpty()) {
            throw new IllegalArgumentException(parameter + " names no benchmark: give Class#method,...");
        }
        return patterns;
    }

    /** The pattern of exactly this result's method. */
    static BenchmarkPattern of(ReportedResult result) {
        return new BenchmarkPattern(result.simpleClassName(), result.method());
    }

    boolean matches(ReportedResult result) {
        final boolean sameClass = className.contains(".") ? className.equals(result.className())
                : className.equals(result.simpleClassName());
        return sameClass && (method.isEmpty() || method.equals(result.method()));
    }

    /** {@code Class#method} or {@code Class}, as Surefire's {@code -Dtest} takes it. */
    @Override
    public String toString() {
        return method.isEmpty() ? className : className + "#" + method;
    }

    /** The {@code -Dtest} value that runs exactly these. */
    static String testFilter(List<BenchmarkPattern> patterns) {
        return String.join(",", patterns.stream().map(BenchmarkPattern::toString).distinct().toList());
    }
}
