package dev.dbbench.report;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Optional;

import dev.dbbench.baseline.BaselineDiff;
import dev.dbbench.env.RunId;

/**
 * The part of the GitHub Actions job summary that one report directory's results take in one run:
 * the Markdown table of every result the directory holds, the line naming the artifact and, after an
 * update, what moved in the baselines. As each test JVM of the build ends (with {@code forkCount}
 * above 1 there are several, and on JUnit 5.12 each test class is a run of its own), it writes the
 * part again in place, so the build leaves one table, not one per JVM or class. It does so only
 * while the summary file still ends where the run's last write left it: when anything was written
 * after it (another module's table, a later step), it appends a new part and never cuts what others
 * wrote. A file in the report directory, written under the directory's lock, records where the part
 * starts and where the summary ended.
 */
final class JobSummary {

    /** The file recording where the run's part of the job summary is. */
    static final String PART = ".job-summary.json";

    /**
     * Where a run's part of a summary file is.
     *
     * @param file the summary file, as an absolute path
     * @param offset where the part starts
     * @param length the file's length as the part was written
     * @param baselineChanges what the part shows of the baselines an update run rewrote and kept
     */
    record Part(String run, String file, long offset, long length, List<BaselineDiff.Line> baselineChanges) {
    }

    private final Path record;
    private final RunId run;
    private final Path file;

    JobSummary(Path directory, RunId run, Path file) {
        this.record = directory.resolve(PART);
        this.run = run;
        this.file = file.toAbsolutePath().normalize();
    }

    /**
     * Writes the run's part of the summary: in place of the part the run wrote before, when the file
     * still ends with it and {@code replaceEarlier} allows, else at the file's end.
     *
     * @param text the results table and the artifact line
     * @param baselineChanges this JUnit run's, shown with those of the run's earlier parts
     * @param replaceEarlier false when {@code text} lacks results the earlier part shows, which then stays
     */
    void write(String text, List<BaselineDiff.Line> baselineChanges, boolean replaceEarlier) throws IOException {
        final Optional<Part> earlier = earlierPart();
        // An entry the earlier part and this run both show is this run's.
        final List<BaselineDiff.Line> changes = SharedReportFiles.join(
                earlier.map(Part::baselineChanges).orElseGet(List::of), baselineChanges, JobSummary::entry);
        final String markdown = BaselineDiff.markdown(changes);
        final byte[] bytes = (markdown.isEmpty() ? text : text + "\n" + markdown).getBytes(StandardCharsets.UTF_8);
        // Other dbbench JVMs (the modules of a parallel build) lock it too, so none appends while this one cuts.
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
                FileLock lock = channel.lock()) {
            final long end = channel.size();
            final boolean inPlace = replaceEarlier && earlier.isPresent() && earlier.get().length() == end;
            final long offset = inPlace ? earlier.get().offset() : end;
            // Written before cutting what is left of a longer earlier part: the file always holds a table.
            final ByteBuffer buffer = ByteBuffer.wrap(bytes);
            while (buffer.hasRemaining()) {
                channel.write(buffer, offset + buffer.position());
            }
            channel.truncate(offset + bytes.length);
            Files.writeString(record, ResultJson.MAPPER.writeValueAsString(
                    new Part(run.stored(), file.toString(), offset, offset + bytes.length, changes)),
                    StandardCharsets.UTF_8);
        }
    }

    /** The part this run wrote before in this summary file, if the record says so and can be read. */
    private Optional<Part> earlierPart() {
        final Part part;
        try {
            part = ResultJson.MAPPER.readValue(record.toFile(), Part.class);
        } catch (IOException e) {
            // No record, or one that cannot be read: the part is written anew, cutting nothing.
            return Optional.empty();
        }
        final boolean valid = part.baselineChanges() != null && part.offset() >= 0 && part.offset() <= part.length();
        return valid && run.stored().equals(part.run()) && file.toString().equals(part.file()) ? Optional.of(part)
                : Optional.empty();
    }

    private static List<String> entry(BaselineDiff.Line line) {
        return List.of(line.className(), line.key());
    }
}
