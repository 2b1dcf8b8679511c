package dev.dbbench.evaluate;

import java.util.EnumMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import dev.dbbench.env.MachineId;
import dev.dbbench.verdict.RecordedRun;

/**
 * Whether a timing regression against a baseline may fail the build on this machine. Timings of one
 * machine say nothing about how far another lands: the same code on another host of the same CPU
 * model took 1.7-1.8x as long, every time, with the same work counts (docs/time-verdicts.md). So a
 * baseline's timings gate only where its runs include runs recorded on this very machine
 * ({@link MachineId#isSameMachineAs}: the machine the team named, or this boot of this host). Runs of
 * many machines do not stand in for it: pooled from 10 simulated machines, a fence still let
 * unchanged runs of another fail about one main-job run in three, and caught a 2x slowdown about one
 * time in seven (docs/time-verdicts.md, "How many machines").
 * Otherwise a timing change is reported, not failed, with this reason; the same-runner A/B comparison
 * against the base commit ({@code mvn dbbench:compare}) is what settles it. Counts, plans, sizes and the
 * expectations measured side by side in one run gate everywhere.
 *
 * @param gates whether a timing regression may fail the build here
 * @param reason why, in a clause: {@code the baseline's runs include 3 recorded on this machine (...)}
 */
public record TimingAuthority(boolean gates, String reason) {

    /** The authority of timings recorded in these runs, judged on the machine {@code here}, layout unknown. */
    public static TimingAuthority of(List<RecordedRun> runs, MachineId here) {
        return of(runs, here, "");
    }

    /**
     * The authority of timings recorded in these runs, judged on the machine {@code here} for a run
     * whose JVM ran {@code layout} before the benchmark's class ({@link RecordedRun#layout}): this
     * machine's runs gate only where one ran after the same classes, or did not record what ran
     * before it. A class's timings move with what its JVM ran before it: the Quick start's lookup
     * took 1.89x as long, its counts unchanged, once two new classes ran before it in its JVM.
     */
    public static TimingAuthority of(List<RecordedRun> runs, MachineId here, String layout) {
        final List<RecordedRun> ownRuns = runs.stream().filter(run -> here.isSameMachineAs(new MachineId(run.machine())))
                .toList();
        final long own = ownRuns.size();
        final long sameLayout = ownRuns.stream()
                .filter(run -> run.layout().isEmpty() || layout.isEmpty() || run.layout().equals(layout)).count();
        if (sameLayout > 0) {
            return new TimingAuthority(true, "the baseline's runs include " + own + " recorded on this machine ("
                    + here + ")");
        }
        if (own > 0) {
            return new TimingAuthority(false, "the baseline's " + own + " run(s) on this machine ran after other test"
                    + " classes in their JVM (" + classes(ownRuns.get(0).layout()) + " before it then, "
                    + classes(layout) + " now), and a class's timings move with what ran before it; record the suite"
                    + " again as it runs now for time to decide here (mvn verify -Ddbbench.baseline.mode=update)");
        }
        return new TimingAuthority(false, (runs.isEmpty()
                ? "the baseline's timings were recorded without saying on which machine"
                : "none of the baseline's " + runs.size() + " run(s) was recorded on this machine (they come from "
                        + machines(runs) + " other machine(s)" + legacy(runs) + ")")
                + "; timings recorded elsewhere say nothing about how far this machine lands");
    }

    /** How many classes a layout says ran before, for the reason's text. */
    private static String classes(String layout) {
        final int colon = layout.indexOf(':');
        return (colon < 0 ? "?" : layout.substring(0, colon)) + " class(es)";
    }

    /** The authority of timings where there is no baseline to compare with. */
    static TimingAuthority noBaseline() {
        return new TimingAuthority(false, "there is no baseline to compare with");
    }

    /** The authority of an emulator's timings: none, they measure the emulator inside this JVM. */
    static TimingAuthority emulated(String engine) {
        return new TimingAuthority(false, "emulated " + engine + " timings measure the emulator inside this JVM,"
                + " not the database");
    }

    /** What the messages say: {@code may fail the build here: the baseline's runs include ...}. */
    public String sentence() {
        return sentence(gates, reason);
    }

    /** What the messages say of timings that may fail the build here or not, for this reason. */
    public static String sentence(boolean gates, String reason) {
        return (gates ? "may fail the build here: " : "reported, not failed, here: ") + reason;
    }

    /**
     * How many machines the runs certainly came from, for the reason's text. Ids of different kinds are never added up, since
     * one host may have written both a legacy id and a boot id: the largest count of one kind stands.
     */
    public static int machines(List<RecordedRun> runs) {
        final Map<MachineId.Kind, Set<String>> byKind = new EnumMap<>(MachineId.Kind.class);
        for (RecordedRun run : runs) {
            final MachineId id = new MachineId(run.machine());
            id.countedAs().ifPresent(key -> byKind.computeIfAbsent(id.kind(), kind -> new HashSet<>()).add(key));
        }
        return byKind.values().stream().mapToInt(Set::size).max().orElse(0);
    }

    /** Why legacy ids do not make this machine's runs, when the runs hold only such ids. */
    private static String legacy(List<RecordedRun> runs) {
        final boolean allLegacy = runs.stream()
                .allMatch(run -> new MachineId(run.machine()).kind() == MachineId.Kind.LEGACY);
        return allLegacy ? ", as far as ids of an earlier dbbench tell: they hash the host name alone, which"
                + " many machines share, so they never count as this machine" : "";
    }
}
