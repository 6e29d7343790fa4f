package org.cruncher.persist;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * The parser's (Woodstox's) messages for the limits {@link XmlInput} sets, in plain words for the user. A message
 * that is no limit is left to the caller.
 */
final class XmlLimitWords {

    /** Longest piece of the input quoted in a message. */
    private static final int MAX_QUOTED = 40;

    /** A fragment of Woodstox's message, lower case, and what it means. */
    private static final Map<String, String> WORDS = new LinkedHashMap<>();

    static {
        WORDS.put("element depth limit", "nested more than " + XmlInput.MAX_DEPTH + " elements deep");
        WORDS.put("element count limit", "has more than " + XmlInput.MAX_ELEMENTS + " elements");
        WORDS.put("child elements limit", "an element has more than " + XmlInput.MAX_ELEMENTS + " elements inside");
        WORDS.put("text size limit", "an element's text is longer than " + XmlInput.MAX_TEXT_CHARS + " characters");
        WORDS.put("attribute size limit", "an attribute is longer than " + XmlInput.MAX_ATTRIBUTE_CHARS
                + " characters");
        WORDS.put("attribute limit", "an element has more than " + XmlInput.MAX_ATTRIBUTES + " attributes");
        WORDS.put("document characters limit", "is longer than " + XmlInput.MAX_FILE_BYTES + " characters");
        WORDS.put("entity expansion", "entities expand too far (the file may be an attack)");
    }

    private XmlLimitWords() {
    }

    /** The plain words for a limit the parser reports, or null if {@code message} is about something else. */
    static String plain(String message) {
        String m = message.toLowerCase(Locale.ROOT);
        for (Map.Entry<String, String> e : WORDS.entrySet()) {
            if (m.contains(e.getKey())) {
                return e.getValue();
            }
        }
        return null;
    }

    /** {@code text} on one line and at most {@value #MAX_QUOTED} characters, for quoting input in a message. */
    static String shorten(String text) {
        String t = text.strip().replaceAll("\\s+", " ");
        return t.length() <= MAX_QUOTED ? t : t.substring(0, MAX_QUOTED) + "...";
    }
}
