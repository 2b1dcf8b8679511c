package dev.dbbench.config;

import java.util.regex.Pattern;

/**
 * Removes credentials from connection URLs and messages before they are printed or stored: the
 * password of {@code scheme://user:password@host} and {@code password=} parameters.
 */
public final class Redaction {

    /** What stands where a password was. */
    public static final String MASK = "***";

    private static final Pattern USER_INFO = Pattern.compile("(//[^/?#@\\s:]*:)[^/?#@\\s]*@");
    private static final Pattern PASSWORD_PARAMETER = Pattern.compile("(?i)\\b(password|pwd)=[^&;\\s]*");

    private Redaction() {
    }

    /** The URL (JDBC or MongoDB connection string) with any password replaced by {@link #MASK}. */
    public static String url(String url) {
        final String withoutUserInfo = USER_INFO.matcher(url).replaceAll("$1" + MASK + "@");
        return PASSWORD_PARAMETER.matcher(withoutUserInfo).replaceAll("$1=" + MASK);
    }

    /**
     * A message with passwords in URLs masked and every occurrence of {@code secret} (a password the
     * caller knows) replaced; {@code secret} may be empty.
     */
    public static String text(String message, String secret) {
        if (message == null) {
            return "";
        }
        final String masked = url(message);
        return secret == null || secret.isEmpty() ? masked : masked.replace(secret, MASK);
    }
}
