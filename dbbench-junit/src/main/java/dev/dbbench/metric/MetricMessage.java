package dev.dbbench.metric;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import dev.dbbench.text.Message;

/**
 * What one metric's message says, as the metric composes it: a headline, labelled lines, exact
 * findings, and which closing lines it needs. {@link #write} writes every metric's message, so how
 * all of them read (prefix, layout of lines and findings, the baseline and accept lines at the end)
 * is decided in that one method; a metric only says what its message holds.
 */
public final class MetricMessage {

    /** The lines that close a message, each naming what the reader does next. */
    public enum Closing {
        /** Nothing more. */
        NONE,
        /** {@code accept}: the command that accepts the change. */
        ACCEPT,
        /** {@code baseline}: the file and when its entry was recorded; then {@code accept}. */
        BASELINE_AND_ACCEPT,
        /** {@code record it}: the command that records the missing value. */
        RECORD,
        /** {@code record it}: the command, and the file to commit. */
        RECORD_AND_COMMIT
    }

    private sealed interface Line permits Labelled, Item {
    }

    private record Labelled(String label, String value) implements Line {
    }

    private record Item(String kind, String subject, String detail) implements Line {
    }

    private final String headline;
    private final List<Line> lines = new ArrayList<>();
    private Closing closing = Closing.NONE;

    /** @param headline what the message is about, such as {@code REGRESSION in OrderBench.find [postgres 17 embedded]: ...} */
    public MetricMessage(String headline) {
        this.headline = headline;
    }

    /** Adds {@code label value}. */
    public MetricMessage line(String label, String value) {
        lines.add(new Labelled(label, value));
        return this;
    }

    /** Adds one exact finding: its kind (such as {@code NEW_STATEMENT}), what it is about, and its detail lines. */
    public MetricMessage finding(String kind, String subject, String detail) {
        lines.add(new Item(kind, subject, detail));
        return this;
    }

    /** Closes the message with these lines. */
    public MetricMessage closing(Closing lines) {
        this.closing = lines;
        return this;
    }

    /** The message as the build log and the reports show it. */
    public String write(Subject subject) {
        final Message message = new Message("dbbench: " + headline);
        for (Line line : lines) {
            if (line instanceof Labelled labelled) {
                message.line(labelled.label(), labelled.value());
            } else if (line instanceof Item item) {
                message.raw(String.format(Locale.ROOT, "  %-18s %s", item.kind().toLowerCase(Locale.ROOT)
                        .replace('_', ' '), item.subject()));
                item.detail().lines().forEach(detail -> message.raw("    " + detail));
            }
        }
        switch (closing) {
            case ACCEPT -> message.line("accept", subject.acceptCommand());
            case BASELINE_AND_ACCEPT -> message.line("baseline", subject.baselineFile() + " (recorded "
                    + subject.baselineRecordedAt() + ")").line("accept", subject.acceptCommand());
            case RECORD -> message.line("record it", subject.acceptCommand());
            case RECORD_AND_COMMIT -> message.line("record it", subject.acceptCommand() + " and commit "
                    + subject.baselineFile());
            case NONE -> {
            }
        }
        return message.toString();
    }
}
