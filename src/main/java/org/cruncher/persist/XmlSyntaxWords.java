package org.cruncher.persist;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The parser's (Woodstox's) commonest messages on XML that is not well-formed, in plain words for the user: a file
 * cut short ("Unexpected end of input block in end tag"), tags that do not match ("Unexpected close tag
 * &lt;/b&gt;; expected &lt;/a&gt;."), a character where none may stand ("Unexpected character '1' (code 49) in
 * start tag Expected a quote"). A message it does not know is left to the caller, who shows the parser's own words.
 */
final class XmlSyntaxWords {

    /** What the user is told a truncated file may have been. */
    private static final String CUT_SHORT = ": it may have been cut short";

    private static final Pattern UNCLOSED = Pattern.compile(
            "^Unexpected EOF; was expecting a close tag for element <([^>]+)>");
    private static final Pattern MISMATCH = Pattern.compile("^Unexpected close tag </([^>]*)>; expected </([^>]*)>");
    private static final Pattern CHARACTER = Pattern.compile("^Unexpected character '(.)' \\(code (\\d+)\\)(.*)$",
            Pattern.DOTALL);

    private XmlSyntaxWords() {
    }

    /** The plain words for {@code message}, or null if it is not one of those known. */
    static String plain(String message) {
        String m = message.strip();
        Matcher unclosed = UNCLOSED.matcher(m);
        if (unclosed.find()) {
            return "the file ends before <" + unclosed.group(1) + "> is closed" + CUT_SHORT;
        }
        if (m.startsWith("Unexpected EOF") || m.startsWith("Unexpected end of input")) {
            return endedEarly(m);
        }
        Matcher mismatch = MISMATCH.matcher(m);
        if (mismatch.find()) {
            return "the end tag </" + mismatch.group(1) + "> does not match the start tag <" + mismatch.group(2)
                    + "> it should close";
        }
        if (m.startsWith("Unexpected '<' character in element")) {
            return "a tag is not closed: a '<' comes before its '>'";
        }
        if (m.startsWith("Illegal to have multiple roots")) {
            return "a second root element follows the end of the first (two files run together?)";
        }
        if (m.startsWith("Unexpected character combination '</' in epilog")) {
            return "an end tag follows the end of the root element (one end tag too many?)";
        }
        Matcher character = CHARACTER.matcher(m);
        return character.find() ? unexpected(shown(character.group(1), Integer.parseInt(character.group(2))),
                character.group(3)) : null;
    }

    /** A file that ends too early, said by where it ends. */
    private static String endedEarly(String m) {
        if (m.contains("in comment")) {
            return "the file ends inside a comment (a <!-- without its -->)" + CUT_SHORT;
        }
        if (m.contains("CDATA")) {
            return "the file ends inside a CDATA section (a <![CDATA[ without its ]]>)" + CUT_SHORT;
        }
        if (m.contains("in prolog")) {
            return "the file ends before its first element" + CUT_SHORT;
        }
        return "the file ends in the middle of a tag" + CUT_SHORT;
    }

    /** A character where none may stand, said by where it stands ({@code where}, the rest of the message). */
    private static String unexpected(String c, String where) {
        if (where.contains("in start tag")) {
            return "a start tag is broken: " + c + " cannot stand there"
                    + (where.contains("Expected a quote") ? " (an attribute's value goes in quotes)" : "");
        }
        if (where.contains("in end tag")) {
            return "an end tag is broken: " + c + " cannot stand there";
        }
        if (where.contains("after '<'")) {
            return "a '<' is followed by " + c + ", which cannot begin a tag (a '<' in a value is written &lt;)";
        }
        if (where.contains("in epilog")) {
            return "text follows the end of the root element, beginning with " + c;
        }
        if (where.contains("in prolog")) {
            return "text comes before the first element, beginning with " + c + " (not an XML file?)";
        }
        return null;
    }

    /** A character as the user can tell it: 'x', a space, or its code where it cannot be seen. */
    private static String shown(String c, int code) {
        if (code == ' ') {
            return "a space";
        }
        return code < ' ' || code == 0x7f ? "the character of code " + code : "'" + c + "'";
    }
}
