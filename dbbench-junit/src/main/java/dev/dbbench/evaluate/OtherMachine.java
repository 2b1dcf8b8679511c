package dev.dbbench.evaluate;

import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import dev.dbbench.baseline.BaselineEntry;
import dev.dbbench.env.HostFingerprint;
import dev.dbbench.metric.Metrics;
import dev.dbbench.metric.Timings;
import dev.dbbench.verdict.RecordedRun;

/**
 * Whether a baseline's timings can gate on this machine. Recorded on the same CPU model and count,
 * they can. Recorded on another, they gate only when the baseline's runs came from more than one
 * machine: then their spread includes what changing machines does, and the fence allows for it.
 * Runs of one machine on another CPU say nothing about how far this one may land, so a timing
 * regression against them warns by default, with this reason.
 */
final class OtherMachine {

    private OtherMachine() {
    }

    /** Why timings against the entry only warn here; empty when they may gate. */
    static Optional<String> why(BaselineEntry entry, Map<String, String> current) {
        final Timings timings = entry.metrics().get(Metrics.TIME).orElseThrow();
        final Set<String> cpus = new LinkedHashSet<>();
        final Set<String> machines = new LinkedHashSet<>();
        for (RecordedRun run : timings.runs()) {
            if (!"-".equals(run.cpu())) {
                cpus.add(run.cpu());
            }
            if (!"-".equals(run.machine())) {
                machines.add(run.machine());
            }
        }
        if (cpus.isEmpty()) {
            cpus.add(HostFingerprint.cpu(entry.environment()));
        }
        final String here = HostFingerprint.cpu(current);
        if (cpus.contains(here) || machines.size() > 1) {
            return Optional.empty();
        }
        return Optional.of("baseline recorded on another CPU (" + String.join(", ", cpus) + "; here " + here
                + ") by one machine, so its runs cannot tell how far timings move between machines: timing"
                + " regressions warn (merge runs recorded on several machines to gate them, or set "
                + "dbbench.gate.time=fail)");
    }
}
