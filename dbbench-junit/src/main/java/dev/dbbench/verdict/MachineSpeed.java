package dev.dbbench.verdict;

import java.util.SortedMap;

import dev.dbbench.measure.Ruler;

/** Compares two machine-speed ruler readings, so a verdict can tell a slower machine from slower code. */
public final class MachineSpeed {

    private MachineSpeed() {
    }

    /**
     * The ratio of two readings, above 1 when the current machine is slower: the ratio of their
     * {@link Ruler#SLICES} when both have them, else the geometric mean of the ratios of the workloads
     * both measured, or NaN when they share none.
     */
    public static double ratio(SortedMap<String, Double> current, SortedMap<String, Double> baseline) {
        if (positive(current.get(Ruler.SLICES)) && positive(baseline.get(Ruler.SLICES))) {
            return current.get(Ruler.SLICES) / baseline.get(Ruler.SLICES);
        }
        double logSum = 0;
        int shared = 0;
        for (String key : current.keySet()) {
            if (key.equals(Ruler.SLICES)) {
                continue;
            }
            final Double before = baseline.get(key);
            if (before != null && before > 0 && current.get(key) > 0) {
                logSum += Math.log(current.get(key) / before);
                shared++;
            }
        }
        return shared == 0 ? Double.NaN : Math.exp(logSum / shared);
    }

    private static boolean positive(Double nanos) {
        return nanos != null && nanos > 0;
    }
}
