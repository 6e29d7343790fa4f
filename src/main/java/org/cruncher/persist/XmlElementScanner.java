package org.cruncher.persist;

import java.util.ArrayList;
import java.util.List;

/**
 * The elements of a document that {@link XmlInput} has already found well-formed, as exact spans of its text. It
 * sees what BOINC's own XML parser sees and StAX hides: whether an element was written {@code <flag/>} or
 * {@code <flag></flag>}, and where each element starts and ends, so that a file can be edited element by element
 * with everything else (comments, spacing, line endings) left as it was.
 */
final class XmlElementScanner {

    /**
     * One element: {@code text.substring(start, end)} is the whole element, {@code contentStart..contentEnd} what is
     * between its tags (empty for {@code <name/>}).
     */
    record Element(String name, int start, int end, int contentStart, int contentEnd, boolean selfClosing) {

        String content(String text) {
            return text.substring(contentStart, contentEnd);
        }
    }

    private final String text;

    XmlElementScanner(String text) {
        this.text = text;
    }

    /** The root element (the document is known to have one). */
    Element root() {
        int at = skipMarkupAndText(0, text.length());
        if (at >= text.length()) {
            throw new IllegalStateException("no root element");
        }
        return element(at);
    }

    /** The elements directly inside {@code parent}, in document order. */
    List<Element> children(Element parent) {
        List<Element> children = new ArrayList<>();
        int at = skipMarkupAndText(parent.contentStart(), parent.contentEnd());
        while (at < parent.contentEnd()) {
            Element child = element(at);
            children.add(child);
            at = skipMarkupAndText(child.end(), parent.contentEnd());
        }
        return children;
    }

    /** The 1-based line {@code offset} is on. */
    int lineOf(int offset) {
        int line = 1;
        for (int i = 0; i < offset && i < text.length(); i++) {
            if (text.charAt(i) == '\n') {
                line++;
            }
        }
        return line;
    }

    /** The offset of the next start tag at or after {@code from}, skipping text, comments, CDATA and PIs; or limit. */
    private int skipMarkupAndText(int from, int limit) {
        int at = from;
        while (at < limit) {
            int lt = text.indexOf('<', at);
            if (lt < 0 || lt >= limit) {
                return limit;
            }
            int skipped = skipSpecial(lt);
            if (skipped == lt) {
                return text.startsWith("</", lt) ? limit : lt;
            }
            at = skipped;
        }
        return limit;
    }

    /** Past the comment, CDATA section, PI or declaration at {@code lt}; {@code lt} itself if it is none of those. */
    private int skipSpecial(int lt) {
        if (text.startsWith("<!--", lt)) {
            return after(text.indexOf("-->", lt + 4), 3);
        }
        if (text.startsWith("<![CDATA[", lt)) {
            return after(text.indexOf("]]>", lt + 9), 3);
        }
        if (text.startsWith("<?", lt)) {
            return after(text.indexOf("?>", lt + 2), 2);
        }
        if (text.startsWith("<!", lt)) {
            return after(text.indexOf('>', lt + 2), 1);
        }
        return lt;
    }

    private int after(int found, int length) {
        return found < 0 ? text.length() : found + length;
    }

    /** The element whose start tag begins at {@code lt}. */
    private Element element(int lt) {
        int nameEnd = lt + 1;
        while (nameEnd < text.length() && !isNameEnd(text.charAt(nameEnd))) {
            nameEnd++;
        }
        String name = text.substring(lt + 1, nameEnd);
        int gt = tagEnd(nameEnd);
        if (text.charAt(gt - 1) == '/') {
            return new Element(name, lt, gt + 1, gt + 1, gt + 1, true);
        }
        int depth = 1;
        int at = gt + 1;
        while (true) {
            int next = text.indexOf('<', at);
            if (next < 0) {
                throw new IllegalStateException("<" + name + "> is not closed");
            }
            int skipped = skipSpecial(next);
            if (skipped != next) {
                at = skipped;
                continue;
            }
            int end = tagEnd(next + 1);
            if (text.startsWith("</", next)) {
                depth--;
                if (depth == 0) {
                    return new Element(name, lt, end + 1, gt + 1, next, false);
                }
            } else if (text.charAt(end - 1) != '/') {
                depth++;
            }
            at = end + 1;
        }
    }

    /** The offset of the {@code >} that ends the tag, skipping quoted attribute values. */
    private int tagEnd(int from) {
        char quote = 0;
        for (int i = from; i < text.length(); i++) {
            char c = text.charAt(i);
            if (quote != 0) {
                if (c == quote) {
                    quote = 0;
                }
            } else if (c == '"' || c == '\'') {
                quote = c;
            } else if (c == '>') {
                return i;
            }
        }
        throw new IllegalStateException("a tag is not closed");
    }

    private static boolean isNameEnd(char c) {
        return Character.isWhitespace(c) || c == '/' || c == '>';
    }
}
