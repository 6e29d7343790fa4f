package org.cruncher.persist;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;

import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;

import org.codehaus.stax2.XMLStreamReader2;

/**
 * A small element tree of a short BOINC configuration file (cc_config.xml, app_config.xml, coproc_info.xml): each
 * element's name, line, trimmed text and children, comments dropped. Those files repeat elements and hold values
 * that are checked one by one, which a tree serves better than a bound DTO.
 */
final class XmlTree {

    private final String name;
    private final int line;
    private final String text;
    private final boolean selfClosing;
    private final List<XmlTree> children;

    private XmlTree(String name, int line, String text, boolean selfClosing, List<XmlTree> children) {
        this.name = name;
        this.line = line;
        this.text = text;
        this.selfClosing = selfClosing;
        this.children = Collections.unmodifiableList(children);
    }

    /** Reads {@code file}, whose root element must be {@code root}. */
    static XmlTree read(XmlInput xml, Path file, String root) throws InputProblem {
        return read(xml, file, root, new ArrayList<>());
    }

    /** As {@link #read(XmlInput, Path, String)}, adding to {@code notes} what reading the text found. */
    static XmlTree read(XmlInput xml, Path file, String root, List<String> notes) throws InputProblem {
        return xml.parse(file, notes, r -> {
            String name = file.getFileName().toString();
            XmlInput.expectRoot(file, r, root, ("aeiou".indexOf(Character.toLowerCase(name.charAt(0))) >= 0
                    ? "not an " : "not a ") + name);
            return element(r);
        });
    }

    /** Reads the element the reader is at, up to and including its end tag. */
    private static XmlTree element(XMLStreamReader r) throws XMLStreamException {
        String name = r.getLocalName();
        int line = r.getLocation().getLineNumber();
        // Woodstox (XmlInput's parser) tells <flag/> from <flag></flag>, which BOINC reads differently.
        boolean selfClosing = ((XMLStreamReader2) r).isEmptyElement();
        StringBuilder text = new StringBuilder();
        List<XmlTree> children = new ArrayList<>();
        while (true) {
            int event = r.next();
            switch (event) {
                case XMLStreamConstants.START_ELEMENT:
                    children.add(element(r));
                    break;
                case XMLStreamConstants.CHARACTERS:
                case XMLStreamConstants.CDATA:
                case XMLStreamConstants.SPACE:
                    text.append(r.getText());
                    break;
                case XMLStreamConstants.ENTITY_REFERENCE:
                    text.append(entity(r.getLocalName()));
                    break;
                case XMLStreamConstants.END_ELEMENT:
                    return new XmlTree(name, line, text.toString().strip(), selfClosing, children);
                default:
                    break;
            }
        }
    }

    private static String entity(String name) {
        switch (name) {
            case "amp":
                return "&";
            case "lt":
                return "<";
            case "gt":
                return ">";
            case "quot":
                return "\"";
            case "apos":
                return "'";
            default:
                return "";
        }
    }

    String name() {
        return name;
    }

    int line() {
        return line;
    }

    /** The element's own text, trimmed ("" for {@code <flag/>}). */
    String text() {
        return text;
    }

    /** Whether the element was written as {@code <name/>}, not with an end tag. */
    boolean selfClosing() {
        return selfClosing;
    }

    /** The child elements in document order. */
    List<XmlTree> children() {
        return children;
    }

    /** The children called {@code childName}, in document order. */
    List<XmlTree> all(String childName) {
        return children.stream().filter(c -> c.name.equals(childName)).toList();
    }

    /** The first child called {@code childName}. */
    Optional<XmlTree> first(String childName) {
        return children.stream().filter(c -> c.name.equals(childName)).findFirst();
    }

    /** The trimmed text of the first child called {@code childName}, or null if there is none. */
    String text(String childName) {
        return first(childName).map(XmlTree::text).orElse(null);
    }
}
