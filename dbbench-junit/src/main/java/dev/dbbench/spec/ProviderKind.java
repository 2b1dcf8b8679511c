package dev.dbbench.spec;

/** Where an engine target's server comes from, as resolved for a run. */
public enum ProviderKind {
    /** Real server binaries started by dbbench in a local process. */
    EMBEDDED("embedded"),
    /** A stand-in that speaks the engine's protocol in-process; its timings say nothing about the engine. */
    EMULATED("emulated"),
    /** A throwaway Docker container started with Testcontainers. */
    CONTAINER("container"),
    /** A server the user runs; dbbench only creates and drops its own databases on it. */
    EXTERNAL("external");

    private final String label;

    ProviderKind(String label) {
        this.label = label;
    }

    /** The lower-case name used in display names, baseline keys and reports. */
    public String label() {
        return label;
    }
}
