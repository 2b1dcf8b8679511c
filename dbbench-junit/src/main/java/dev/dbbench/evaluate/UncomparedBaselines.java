package dev.dbbench.evaluate;

import java.util.List;
import java.util.Optional;

import dev.dbbench.baseline.BaselineEntry;
import dev.dbbench.baseline.BaselineFile;
import dev.dbbench.spec.EngineTarget;
import dev.dbbench.spec.ProviderKind;

/**
 * Says why a benchmark without an entry for its target was not compared with the entries the same
 * method has on other targets: a baseline key names engine, version, provider and settings, so an
 * emulator's entry is never judged against a real server's, nor the other way round.
 */
final class UncomparedBaselines {

    private UncomparedBaselines() {
    }

    /** The explanation, or an empty string when the file has the method on no other target. */
    static String note(Optional<BaselineFile> file, String method, EngineTarget target) {
        final List<String> others = file.map(baselines -> baselines.benchmarks().values().stream()
                        .filter(entry -> entry.method().equals(method) && !entry.target().equals(target.label()))
                        .map(BaselineEntry::target)
                        .sorted()
                        .toList())
                .orElse(List.of());
        if (others.isEmpty()) {
            return "";
        }
        final boolean emulatorInvolved = target.provider() == ProviderKind.EMULATED
                || others.stream().anyMatch(other -> other.endsWith(" " + ProviderKind.EMULATED.label()));
        return "not compared with the baseline on [" + String.join("], [", others) + "]: "
                + (emulatorInvolved
                        ? "an emulator's timings are never compared with a real server's"
                        : "results on another engine, version, provider or settings are never compared");
    }
}
