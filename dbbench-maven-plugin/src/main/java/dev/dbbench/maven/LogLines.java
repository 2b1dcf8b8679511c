package dev.dbbench.maven;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;

import org.apache.maven.plugin.logging.Log;

/** An output stream that hands each line written to it to Maven's log, for code that prints to a stream. */
final class LogLines extends OutputStream {

    private final Log log;
    private final ByteArrayOutputStream line = new ByteArrayOutputStream();

    LogLines(Log log) {
        this.log = log;
    }

    @Override
    public void write(int b) {
        if (b == '\n') {
            flushLine();
        } else {
            line.write(b);
        }
    }

    @Override
    public void flush() {
        if (line.size() > 0) {
            flushLine();
        }
    }

    private void flushLine() {
        log.info(line.toString(StandardCharsets.UTF_8));
        line.reset();
    }
}
