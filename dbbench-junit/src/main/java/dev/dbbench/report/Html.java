package dev.dbbench.report;

/**
 * The one way text reaches the HTML report: every string that did not come from this class's own
 * markup (class, method and target names, settings, SQL, environment values, reasons, commands)
 * goes through {@link #escape}, so a {@code <script>} in a setting renders as text.
 */
final class Html {

    private Html() {
    }

    /** The text with {@code & < > " '} replaced by entities: safe between tags and in quoted attributes. */
    static String escape(String text) {
        final StringBuilder escaped = new StringBuilder(text.length() + 16);
        for (int i = 0; i < text.length(); i++) {
            final char c = text.charAt(i);
            switch (c) {
                case '&' -> escaped.append("&amp;");
                case '<' -> escaped.append("&lt;");
                case '>' -> escaped.append("&gt;");
                case '"' -> escaped.append("&quot;");
                case '\'' -> escaped.append("&#39;");
                default -> escaped.append(c);
            }
        }
        return escaped.toString();
    }

    /** An element holding escaped text, such as {@code <td class="x">text</td>}; {@code attributes} is markup of ours. */
    static String element(String tag, String attributes, String text) {
        return "<" + tag + (attributes.isEmpty() ? "" : " " + attributes) + ">" + escape(text) + "</" + tag + ">";
    }
}
