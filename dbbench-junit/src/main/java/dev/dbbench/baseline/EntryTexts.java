package dev.dbbench.baseline;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.Arrays;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;

/**
 * The bytes of each entry of a baseline file, from the opening quote of its key to the closing brace
 * of its object. A write splices the bytes an entry had into the file it encodes, so entries it does
 * not change stay as they were, byte for byte, whatever a later version of a metric's codec would
 * write for them; a merge of two branches takes each entry's bytes from the branch it keeps.
 */
final class EntryTexts {

    private static final JsonFactory JSON = new JsonFactory();

    private EntryTexts() {
    }

    /**
     * Where each entry of a file's {@code benchmarks} object lies, by key, as {@code [start, end)}.
     *
     * @throws IOException when the bytes are not JSON; callers decode the file first, so they never are
     */
    static SortedMap<String, long[]> spans(byte[] file) throws IOException {
        final SortedMap<String, long[]> spans = new TreeMap<>();
        try (JsonParser parser = JSON.createParser(file)) {
            if (parser.nextToken() != JsonToken.START_OBJECT) {
                return spans;
            }
            while (parser.nextToken() == JsonToken.FIELD_NAME) {
                final String field = parser.currentName();
                final JsonToken value = parser.nextToken();
                if (!field.equals("benchmarks") || value != JsonToken.START_OBJECT) {
                    parser.skipChildren();
                    continue;
                }
                while (parser.nextToken() == JsonToken.FIELD_NAME) {
                    final String key = parser.currentName();
                    final long start = parser.currentTokenLocation().getByteOffset();
                    parser.nextToken();
                    parser.skipChildren();
                    spans.put(key, new long[] {start, parser.currentTokenLocation().getByteOffset() + 1});
                }
            }
        }
        return spans;
    }

    /** The bytes of each entry of a file, by key. */
    static SortedMap<String, byte[]> of(byte[] file) throws IOException {
        final SortedMap<String, byte[]> texts = new TreeMap<>();
        spans(file).forEach((key, span) -> texts.put(key, Arrays.copyOfRange(file, (int) span[0], (int) span[1])));
        return texts;
    }

    /**
     * The encoded file with the text of each entry named in {@code kept} replaced by the bytes given
     * for it; every other byte as encoded.
     */
    static byte[] splice(byte[] encoded, Map<String, byte[]> kept) throws IOException {
        final ByteArrayOutputStream out = new ByteArrayOutputStream(encoded.length);
        int copied = 0;
        for (Map.Entry<String, long[]> entry : sortedByStart(spans(encoded))) {
            final byte[] replacement = kept.get(entry.getKey());
            if (replacement == null) {
                continue;
            }
            final int start = (int) entry.getValue()[0];
            out.write(encoded, copied, start - copied);
            out.write(replacement);
            copied = (int) entry.getValue()[1];
        }
        out.write(encoded, copied, encoded.length - copied);
        return out.toByteArray();
    }

    /** Spans in the order they appear in the file, which is not always the keys' order. */
    static Iterable<Map.Entry<String, long[]>> sortedByStart(SortedMap<String, long[]> spans) {
        return spans.entrySet().stream().sorted((a, b) -> Long.compare(a.getValue()[0], b.getValue()[0])).toList();
    }
}
