package org.cruncher.persist;

import java.io.IOException;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;

import com.ctc.wstx.api.WstxInputProperties;
import com.ctc.wstx.exc.WstxLazyException;
import com.ctc.wstx.stax.WstxInputFactory;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.exc.InvalidFormatException;
import com.fasterxml.jackson.dataformat.xml.XmlFactory;
import com.fasterxml.jackson.dataformat.xml.XmlMapper;

/**
 * Safe, tolerant reading of BOINC's XML files.
 * <ul>
 *   <li>Safe: a document with a DTD ({@code <!DOCTYPE>}) is refused, so there are no external entities (no XXE) and
 *       no entity expansion bombs; files larger than {@link #MAX_FILE_BYTES}, nesting deeper than
 *       {@link #MAX_DEPTH}, more than {@link #MAX_ELEMENTS} elements and text or attributes longer than
 *       {@link #MAX_TEXT_CHARS} / {@link #MAX_ATTRIBUTE_CHARS} are refused by the parser (Woodstox, named
 *       explicitly so that its limits apply whatever else is on the class path).</li>
 *   <li>Tolerant as BOINC is: a raw {@code &} that starts no entity (as in real servers' RSS URLs) is read as a
 *       literal ampersand; unknown elements are ignored.</li>
 * </ul>
 * DTO fields are named in camelCase and map to BOINC's snake_case element names.
 */
final class XmlInput {

    /** The largest file read, bytes. Real client_state.xml files with thousands of tasks stay far below. */
    static final long MAX_FILE_BYTES = 256L * 1024 * 1024;

    /**
     * The deepest element nesting read. BOINC's files nest at most 6 deep (a client_state's
     * {@code <host_info><coprocs><coproc_cuda><pci_info>}); 64 leaves room for any of them and stops a file nested
     * thousands deep before a recursive reader runs out of stack.
     */
    static final int MAX_DEPTH = 64;

    /**
     * The most elements in one file. Real files hold 18 to 30 elements per kilobyte (a client_state.xml of 44
     * tasks: 2,383 in 133 KB), so a file of {@link #MAX_FILE_BYTES} holds at most about 8 million; tens of thousands
     * of tasks take a few million. A file of 256 MB of empty elements (64 million) is refused.
     */
    static final long MAX_ELEMENTS = 10_000_000;

    /**
     * The longest text of one element, characters. BOINC's longest texts are a task's {@code <stderr_out>} (the
     * client keeps 64 KB of it unless cc_config raises it) and a project's {@code <gui_urls>}; 8 MB leaves ample
     * room and keeps any one string far from the memory a hostile file could ask for. Woodstox checks it as its text
     * buffer grows, so text up to about twice as long may pass: the bound is an order of size, not exact.
     */
    static final int MAX_TEXT_CHARS = 8 * 1024 * 1024;

    /** The longest attribute value, characters; BOINC's files have few attributes, all short. */
    static final int MAX_ATTRIBUTE_CHARS = 64 * 1024;

    /** The most attributes on one element; BOINC writes at most one (a message's priority). */
    static final int MAX_ATTRIBUTES = 64;

    private static final Pattern BARE_AMPERSAND =
            Pattern.compile("&(?!(?:amp|lt|gt|quot|apos|#[0-9]+|#x[0-9a-fA-F]+);)");

    /** An XML declaration, a processing instruction or a comment. */
    private static final Pattern NOT_AN_ELEMENT = Pattern.compile("<\\?.*?\\?>|<!--.*?-->", Pattern.DOTALL);

    /** Woodstox's words when an element read as a value (a number, a name) holds an element: well-formed XML. */
    private static final String CHILD_IN_VALUE = "Element content can not contain child START_ELEMENT";

    private final XMLInputFactory factory;
    private final XmlMapper mapper;

    XmlInput() {
        factory = new WstxInputFactory();
        factory.setProperty(XMLInputFactory.SUPPORT_DTD, false);
        factory.setProperty(XMLInputFactory.IS_SUPPORTING_EXTERNAL_ENTITIES, false);
        factory.setProperty(XMLInputFactory.IS_REPLACING_ENTITY_REFERENCES, false);
        factory.setProperty(WstxInputProperties.P_MAX_ELEMENT_DEPTH, MAX_DEPTH);
        factory.setProperty(WstxInputProperties.P_MAX_ELEMENT_COUNT, MAX_ELEMENTS);
        factory.setProperty(WstxInputProperties.P_MAX_CHILDREN_PER_ELEMENT, MAX_ELEMENTS);
        factory.setProperty(WstxInputProperties.P_MAX_TEXT_LENGTH, MAX_TEXT_CHARS);
        factory.setProperty(WstxInputProperties.P_MAX_ATTRIBUTE_SIZE, MAX_ATTRIBUTE_CHARS);
        factory.setProperty(WstxInputProperties.P_MAX_ATTRIBUTES_PER_ELEMENT, MAX_ATTRIBUTES);
        factory.setProperty(WstxInputProperties.P_MAX_CHARACTERS, MAX_FILE_BYTES);
        mapper = XmlMapper.builder(new XmlFactory(factory))
                .propertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE)
                .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false)
                .addModule(StrtodDoubles.module())
                .build();
    }

    XmlMapper mapper() {
        return mapper;
    }

    /**
     * True if {@code file} holds no element at all: nothing, or only an XML declaration, comments and white space.
     * BOINC reads such a side file (global_prefs_override.xml, cc_config.xml, app_config.xml) as one that sets
     * nothing, and so does Cruncher, with a note; only a client_state.xml that is empty is refused.
     */
    static boolean holdsNoElement(Path file) throws InputProblem {
        return NOT_AN_ELEMENT.matcher(readText(file)).replaceAll("").isBlank();
    }

    /**
     * A declaration of Latin-1 (as old BOINC files have, often over UTF-8 text): bytes that are not UTF-8 are then
     * what the file says they are, and read as Latin-1 without a note.
     */
    private static final Pattern DECLARED_LATIN_1 = Pattern.compile(
            "\\uFEFF?\\s*<\\?xml[^>]*encoding\\s*=\\s*[\"'](ISO-8859-1|ISO8859-1|latin-?1)[\"']",
            Pattern.CASE_INSENSITIVE);

    /** Reads {@code file} as text, refusing missing, unreadable and oversized files with a clear message. */
    static String readText(Path file) throws InputProblem {
        return readText(file, new ArrayList<>());
    }

    /**
     * As {@link #readText(Path)}, adding to {@code notes} the first line that is not UTF-8, if any: its odd bytes
     * are read as Latin-1 (see {@link LenientUtf8}), which the user should know.
     */
    static String readText(Path file, List<String> notes) throws InputProblem {
        try {
            BasicFileAttributes attributes = Files.readAttributes(file, BasicFileAttributes.class);
            if (attributes.isDirectory()) {
                throw new InputProblem(file, "is a folder, not a file");
            }
            if (!attributes.isRegularFile()) {
                // A device or a pipe has no size to check first, and may never end.
                throw new InputProblem(file, "is not a regular file (a device, pipe or socket)");
            }
            long size = attributes.size();
            if (size > MAX_FILE_BYTES) {
                throw new InputProblem(file, FileSizeWords.overTheCap(size, MAX_FILE_BYTES));
            }
            LenientUtf8.Decoded text = decodeWithin(file, size);
            if (text.firstOddLine() > 0 && !DECLARED_LATIN_1.matcher(text.text()).lookingAt()) {
                notes.add(file.getFileName() + " line " + text.firstOddLine()
                        + " is not UTF-8: its odd bytes are read as Latin-1");
            }
            return text.text();
        } catch (NoSuchFileException e) {
            throw new InputProblem(file, "no such file");
        } catch (IOException e) {
            throw new InputProblem(file, "cannot be read: " + IoReasons.of(e));
        }
    }

    /**
     * The file's text, or, if the heap cannot hold it (a file under the cap on a small heap: the installed app has a
     * quarter of the computer's memory), a one-line problem saying so rather than an OutOfMemoryError and its trace.
     * What was allocated for the file is unreachable once the error is caught, so the program can go on.
     */
    private static LenientUtf8.Decoded decodeWithin(Path file, long size) throws IOException, InputProblem {
        try {
            return decode(Files.readAllBytes(file));
        } catch (OutOfMemoryError e) {
            throw tooLargeForMemory(file, size);
        }
    }

    private static InputProblem tooLargeForMemory(Path file, long size) {
        return new InputProblem(file, FileSizeWords.tooLargeForMemory(size, Runtime.getRuntime().maxMemory()));
    }

    /**
     * A file's text: UTF-16 if it starts with a UTF-16 byte-order mark, else UTF-8 (what BOINC writes), with any byte
     * that is not UTF-8 read as Latin-1 (a name typed on an old Windows client), so that a stray byte shows as the
     * character it most likely was rather than as a replacement mark, and nothing read is lost.
     */
    static LenientUtf8.Decoded decode(byte[] bytes) {
        if (bytes.length >= 2 && (bytes[0] == (byte) 0xFE && bytes[1] == (byte) 0xFF
                || bytes[0] == (byte) 0xFF && bytes[1] == (byte) 0xFE)) {
            return new LenientUtf8.Decoded(new String(bytes, StandardCharsets.UTF_16), 0);
        }
        return LenientUtf8.decode(bytes);
    }

    /**
     * {@code text} with each bare ampersand (BOINC writes names unescaped) made literal, outside CDATA sections:
     * inside one an ampersand is already literal, and "x&y" there was read as "x&amp;y".
     */
    static String literalAmpersands(String text) {
        int cdata = text.indexOf("<![CDATA[");
        if (cdata < 0) {
            return BARE_AMPERSAND.matcher(text).replaceAll("&amp;");
        }
        StringBuilder out = new StringBuilder(text.length() + 16);
        int from = 0;
        while (cdata >= 0) {
            int end = text.indexOf("]]>", cdata);
            end = end < 0 ? text.length() : end + 3;
            out.append(BARE_AMPERSAND.matcher(text.substring(from, cdata)).replaceAll("&amp;"));
            out.append(text, cdata, end);
            from = end;
            cdata = text.indexOf("<![CDATA[", from);
        }
        return out.append(BARE_AMPERSAND.matcher(text.substring(from)).replaceAll("&amp;")).toString();
    }

    /** Reads a document element by element. */
    @FunctionalInterface
    interface Body<T> {
        T read(XMLStreamReader reader) throws XMLStreamException, IOException, InputProblem;
    }

    /**
     * Opens {@code file} (bare ampersands made literal) and hands a reader positioned before the root element to
     * {@code body}; any parse or binding failure becomes a one-line {@link InputProblem} naming the file and line.
     */
    <T> T parse(Path file, Body<T> body) throws InputProblem {
        return parse(file, new ArrayList<>(), body);
    }

    /** As {@link #parse(Path, Body)}, adding to {@code notes} what reading the text found (see {@link #readText}). */
    <T> T parse(Path file, List<String> notes, Body<T> body) throws InputProblem {
        return parse(file, readText(file, notes), body);
    }

    /** As {@link #parse(Path, Body)}, for a document already in memory ({@code file} names it in messages). */
    <T> T parse(Path file, String text, Body<T> body) throws InputProblem {
        if (text.length() > MAX_FILE_BYTES) {
            throw new InputProblem(file, "is " + text.length() + " characters; documents over " + MAX_FILE_BYTES
                    + " are not read");
        }
        if (text.isBlank()) {
            throw new InputProblem(file, "is empty: there is no XML in it");
        }
        try {
            String fixed = literalAmpersands(text);
            refuseDtd(file, fixed);
            XMLStreamReader reader = factory.createXMLStreamReader(new StringReader(fixed));
            T value = body.read(reader);
            readToTheEnd(reader);
            return value;
        } catch (OutOfMemoryError e) {
            // The text's length stands for the file's size: they differ only by the few characters of two bytes.
            throw tooLargeForMemory(file, text.length());
        } catch (XMLStreamException e) {
            throw problem(file, e);
        } catch (WstxLazyException e) {
            throw e.getCause() instanceof XMLStreamException ? problem(file, (XMLStreamException) e.getCause())
                    : new InputProblem(file, "malformed XML: " + e.getMessage());
        } catch (JsonProcessingException e) {
            throw problem(file, e);
        } catch (IOException e) {
            throw new InputProblem(file, "cannot be read: " + IoReasons.of(e));
        }
    }

    /**
     * Reads what follows the root element, so that a second root or text after it (two files run together, a copy
     * pasted twice) is refused as malformed, as the parser finds it, rather than passed over.
     */
    private static void readToTheEnd(XMLStreamReader reader) throws XMLStreamException {
        while (reader.hasNext()) {
            reader.next();
        }
    }

    /**
     * Refuses a document with a {@code <!DOCTYPE>}: BOINC never writes one, and a DTD is how XML attacks come
     * (external entities reading local files or URLs, entity expansion bombs). Only the prolog is read: a DTD can be
     * nowhere else.
     */
    private void refuseDtd(Path file, String text) throws XMLStreamException, InputProblem {
        XMLStreamReader r = factory.createXMLStreamReader(new StringReader(text));
        try {
            while (r.hasNext()) {
                int event = r.next();
                if (event == XMLStreamConstants.DTD) {
                    throw new InputProblem(file, r.getLocation().getLineNumber(),
                            "DTDs are not accepted (the file may be an attack)");
                }
                if (event == XMLStreamConstants.START_ELEMENT) {
                    return;
                }
            }
        } finally {
            r.close();
        }
    }

    /** The root element's start, or a problem if it is not {@code root}. */
    static void expectRoot(Path file, XMLStreamReader r, String root, String what)
            throws XMLStreamException, InputProblem {
        if (r.nextTag() != XMLStreamConstants.START_ELEMENT || !r.getLocalName().equals(root)) {
            throw new InputProblem(file, r.getLocation().getLineNumber(),
                    what + ": the root element is <" + r.getLocalName() + ">, not <" + root + ">");
        }
    }

    /**
     * A parse failure as a one-line problem naming the file and line: a limit, or a common syntax error (a file cut
     * short, tags that do not match), in plain words; any other in the parser's words, as malformed XML.
     */
    private static InputProblem problem(Path file, XMLStreamException e) {
        int line = e.getLocation() == null ? 0 : e.getLocation().getLineNumber();
        String msg = e.getMessage() == null ? "" : e.getMessage();
        int at = msg.indexOf("Message:");
        String text = (at >= 0 ? msg.substring(at + 8) : msg).strip();
        if (e instanceof XmlValueException) {
            return new InputProblem(file, line, text);
        }
        if (text.startsWith(CHILD_IN_VALUE)) {
            return new InputProblem(file, line, "an element that holds a value has an element inside it");
        }
        String limit = XmlLimitWords.plain(text);
        String syntax = limit != null ? limit : XmlSyntaxWords.plain(text);
        return new InputProblem(file, line, syntax != null ? syntax : "malformed XML: " + text);
    }

    /**
     * A Jackson binding failure as a one-line problem: a parse error underneath (a limit, malformed XML) as such,
     * text where a number belongs with the element's name, anything else as malformed XML.
     */
    private static InputProblem problem(Path file, JsonProcessingException e) {
        JsonLocation at = e.getLocation();
        int line = at == null ? 0 : at.getLineNr();
        for (Throwable c = e.getCause(); c != null; c = c.getCause()) {
            if (c instanceof XMLStreamException) {
                InputProblem p = problem(file, (XMLStreamException) c);
                return p.line() > 0 || line <= 0 ? p : new InputProblem(file, line, p.getMessage());
            }
        }
        if (e instanceof InvalidFormatException && ((InvalidFormatException) e).getTargetType() != null
                && Number.class.isAssignableFrom(((InvalidFormatException) e).getTargetType())) {
            InvalidFormatException f = (InvalidFormatException) e;
            return new InputProblem(file, line, "<" + element(f) + "> is not a number: \""
                    + XmlLimitWords.shorten(String.valueOf(f.getValue())) + "\"");
        }
        return new InputProblem(file, line, "malformed XML: " + e.getOriginalMessage());
    }

    /** The element a binding failure is about, as BOINC names it. */
    private static String element(InvalidFormatException e) {
        var path = e.getPath();
        String name = path.isEmpty() ? null : path.get(path.size() - 1).getFieldName();
        return name == null ? "?" : PropertyNamingStrategies.SnakeCaseStrategy.INSTANCE.translate(name);
    }
}
