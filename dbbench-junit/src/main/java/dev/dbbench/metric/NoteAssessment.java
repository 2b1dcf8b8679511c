package dev.dbbench.metric;

import dev.dbbench.verdict.Verdict;

/** The assessment of an informational metric: the figures side by side, nothing that fails. */
public record NoteAssessment(Verdict verdict, String reason) implements Assessment {
}
