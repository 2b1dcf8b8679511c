package dev.dbbench.verdict;

/** One environment fact that differs between the baseline's run and this one; either side may be absent ("-"). */
public record EnvironmentChange(String key, String baseline, String current) {

    @Override
    public String toString() {
        return key + " " + baseline + " -> " + current;
    }
}
