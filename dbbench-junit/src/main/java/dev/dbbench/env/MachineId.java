package dev.dbbench.env;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

import dev.dbbench.text.Digests;

/**
 * Which machine a timed run was taken on, as each recorded run stores it under {@code machine}: what
 * decides whether a baseline's timings were recorded on "this very machine". Two different hosts
 * never share an id: unless the team names a dedicated machine ({@code dbbench.machine}), the id is
 * this host's {@code /etc/machine-id} and host name together with the kernel's boot id, so "the same
 * machine" means the same boot of the same host. Virtual machines cloned from one image, and the
 * runners of a CI fleet, often share their machine-id and their host name; their boot ids differ.
 *
 * <p>Stored forms, each of which a baseline may hold:
 * <ul>
 *   <li>{@code name:NAME}, a machine the team named;</li>
 *   <li>{@code HOST/BOOT}, two groups of 12 hex digits: SHA-256 digests of the host (machine-id and
 *       host name) and of the boot;</li>
 *   <li>12 hex digits alone: a digest of the host name only, written by dbbench before boot ids.
 *       Host names repeat across machines ({@code vm}, {@code localhost}, {@code runner}), so such an
 *       id never counts as this machine;</li>
 *   <li>{@code -}: unknown, as for runs merged from baselines that kept no runs.</li>
 * </ul>
 *
 * @param stored the id as a run stores it
 */
public record MachineId(String stored) {

    /** How an id was made, which says what it can prove. */
    public enum Kind {
        /** Named by the team through {@code dbbench.machine}. */
        NAMED,
        /** A host and one boot of it. */
        BOOT,
        /** A host name only, from an earlier dbbench: never this machine. */
        LEGACY,
        /** Nothing known about the machine. */
        UNKNOWN
    }

    /** The id of runs whose machine is not known. */
    public static final MachineId UNKNOWN = new MachineId("-");

    private static final String NAMED_PREFIX = "name:";
    private static final Pattern BOOT_FORM = Pattern.compile("[0-9a-f]{12}/[0-9a-f]{12}");
    private static final Pattern LEGACY_FORM = Pattern.compile("[0-9a-f]{12}");
    private static final List<Path> MACHINE_ID_FILES = List.of(Paths.get("/etc/machine-id"),
            Paths.get("/var/lib/dbus/machine-id"));
    private static final Path BOOT_ID_FILE = Paths.get("/proc/sys/kernel/random/boot_id");
    private static final Path HOST_NAME_FILE = Paths.get("/proc/sys/kernel/hostname");

    /**
     * The id of the machine this JVM runs on.
     *
     * @param name the name the team gave this machine ({@code dbbench.machine}), already checked by the
     *     settings; empty for the host's own id
     */
    public static MachineId here(Optional<String> name) {
        if (name.isPresent()) {
            return named(name.get());
        }
        final Optional<String> boot = bootId();
        if (boot.isEmpty()) {
            return UNKNOWN;
        }
        final String host = firstLine(MACHINE_ID_FILES).orElse("") + "\n" + hostName().orElse("");
        return new MachineId(Digests.sha256(host, 6) + "/" + Digests.sha256(boot.get(), 6));
    }

    /** The id of a machine the team named. */
    public static MachineId named(String name) {
        return new MachineId(NAMED_PREFIX + name);
    }

    public Kind kind() {
        if (stored.startsWith(NAMED_PREFIX) && stored.length() > NAMED_PREFIX.length()) {
            return Kind.NAMED;
        }
        if (BOOT_FORM.matcher(stored).matches()) {
            return Kind.BOOT;
        }
        if (LEGACY_FORM.matcher(stored).matches()) {
            return Kind.LEGACY;
        }
        return Kind.UNKNOWN;
    }

    /**
     * Whether a run taken on {@code other} was taken on this machine: the same name, or the same boot
     * of the same host. A legacy or unknown id is never the same machine as anything.
     */
    public boolean isSameMachineAs(MachineId other) {
        final Kind kind = kind();
        return (kind == Kind.NAMED || kind == Kind.BOOT) && stored.equals(other.stored);
    }

    /**
     * What tells this machine from others when counting how many machines a baseline's runs came
     * from: the name, the host (not the boot: a host's reboots are one machine), or the legacy host
     * name digest; empty for an unknown machine, which is not counted.
     */
    public Optional<String> countedAs() {
        return switch (kind()) {
            case NAMED, LEGACY -> Optional.of(stored);
            case BOOT -> Optional.of(stored.substring(0, stored.indexOf('/')));
            case UNKNOWN -> Optional.empty();
        };
    }

    @Override
    public String toString() {
        return stored;
    }

    /**
     * The kernel's boot id, new at every boot (Linux); elsewhere the start of process 1, which is the
     * boot on macOS; empty where neither can be read.
     */
    private static Optional<String> bootId() {
        final Optional<String> linux = firstLine(List.of(BOOT_ID_FILE));
        if (linux.isPresent()) {
            return linux;
        }
        return ProcessHandle.of(1).flatMap(init -> init.info().startInstant()).map(start -> "init " + start);
    }

    private static Optional<String> hostName() {
        return firstLine(List.of(HOST_NAME_FILE)).or(() -> Optional.ofNullable(System.getenv("HOSTNAME"))
                .map(String::trim).filter(name -> !name.isEmpty()));
    }

    /** The first non-blank line of the first of these files that can be read. */
    private static Optional<String> firstLine(List<Path> files) {
        for (Path file : files) {
            if (Files.isReadable(file)) {
                try {
                    final String text = Files.readString(file, StandardCharsets.UTF_8).trim();
                    if (!text.isEmpty()) {
                        return Optional.of(text.lines().findFirst().orElseThrow().trim());
                    }
                } catch (IOException e) {
                    // the next file, or none
                }
            }
        }
        return Optional.empty();
    }
}
