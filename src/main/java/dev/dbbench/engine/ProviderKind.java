package dev.dbbench.engine;

/** Where an engine's server comes from. */
public enum ProviderKind {
    /** Real server binaries started by dbbench in a local process. */
    EMBEDDED("embedded");

    private final String label;

    ProviderKind(String label) {
        this.label = label;
    }

    /** The lower-case name used in display names, baseline keys and reports. */
    public String label() {
        return label;
    }
}
