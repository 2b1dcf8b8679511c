package dev.dbbench.env;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

import dev.dbbench.text.Digests;

/**
 * Facts about the machine and JVM that can change a benchmark's numbers; they go into every result
 * so a verdict can say what differed from the baseline's run.
 */
public final class HostFingerprint {

    private HostFingerprint() {
    }

    /** The environment fact that says a result was recorded in CI (its value is "true"). */
    public static final String CI = "ci";

    /**
     * The host facts, keyed {@code ci}, {@code cpu.*}, {@code jvm}, {@code os}.
     *
     * @param inCi whether this run is in CI, as {@code CI=true} announces
     */
    public static SortedMap<String, String> read(boolean inCi) {
        final SortedMap<String, String> facts = new TreeMap<>();
        facts.put(CI, Boolean.toString(inCi));
        facts.put("cpu.count", Integer.toString(Runtime.getRuntime().availableProcessors()));
        facts.put("cpu.model", cpuModel());
        facts.put("jvm", System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version"));
        facts.put("os", System.getProperty("os.name") + " " + System.getProperty("os.version") + " "
                + System.getProperty("os.arch"));
        return facts;
    }

    /** The CPU of a fingerprint as one text, model and count, such as {@code AMD EPYC x2}. */
    public static String cpu(Map<String, String> facts) {
        return facts.getOrDefault("cpu.model", "unknown") + " x" + facts.getOrDefault("cpu.count", "?");
    }

    private static String cpuModel() {
        final Path cpuinfo = Paths.get("/proc/cpuinfo");
        if (Files.isReadable(cpuinfo)) {
            try {
                final List<String> lines = Files.readAllLines(cpuinfo, StandardCharsets.UTF_8);
                for (String line : lines) {
                    if (line.startsWith("model name")) {
                        return line.substring(line.indexOf(':') + 1).trim().replaceAll("\\s+", " ");
                    }
                }
            } catch (IOException e) {
                return "unknown";
            }
        }
        return "unknown";
    }
}
