package dev.dbbench.text;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/** Short SHA-256 digests, for names that must be stable and tell contents apart without holding them. */
public final class Digests {

    private Digests() {
    }

    /** The first {@code bytes} bytes of the SHA-256 digest of {@code data}, in lower-case hex. */
    public static String sha256(byte[] data, int bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(data), 0, bytes);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform has SHA-256", e);
        }
    }

    /** The same of a text's UTF-8 bytes. */
    public static String sha256(String text, int bytes) {
        return sha256(text.getBytes(StandardCharsets.UTF_8), bytes);
    }
}
