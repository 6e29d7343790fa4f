package org.cruncher.persist;

import java.io.IOException;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.regex.Pattern;

import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.dataformat.xml.XmlFactory;
import com.fasterxml.jackson.dataformat.xml.XmlMapper;

/**
 * Safe, tolerant reading of BOINC's XML files.
 * <ul>
 *   <li>Safe: no DTDs and no external entities (no XXE, no entity expansion bombs); files larger than
 *       {@link #MAX_FILE_BYTES} are refused.</li>
 *   <li>Tolerant as BOINC is: a raw {@code &} that starts no entity (as in real servers' RSS URLs) is read as a
 *       literal ampersand; unknown elements are ignored.</li>
 * </ul>
 * DTO fields are named in camelCase and map to BOINC's snake_case element names.
 */
final class XmlInput {

    /** The largest file read, bytes. Real client_state.xml files with thousands of tasks stay far below. */
    static final long MAX_FILE_BYTES = 256L * 1024 * 1024;

    private static final Pattern BARE_AMPERSAND =
            Pattern.compile("&(?!(?:amp|lt|gt|quot|apos|#[0-9]+|#x[0-9a-fA-F]+);)");

    private final XMLInputFactory factory;
    private final XmlMapper mapper;

    XmlInput() {
        factory = XMLInputFactory.newFactory();
        factory.setProperty(XMLInputFactory.SUPPORT_DTD, false);
        factory.setProperty(XMLInputFactory.IS_SUPPORTING_EXTERNAL_ENTITIES, false);
        factory.setProperty(XMLInputFactory.IS_REPLACING_ENTITY_REFERENCES, false);
        mapper = XmlMapper.builder(new XmlFactory(factory))
                .propertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE)
                .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false)
                .build();
    }

    XmlMapper mapper() {
        return mapper;
    }

    /** Reads {@code file} as text, refusing missing, unreadable and oversized files with a clear message. */
    static String readText(Path file) throws InputProblem {
        try {
            if (Files.isDirectory(file)) {
                throw new InputProblem(file, "is a folder, not a file");
            }
            long size = Files.size(file);
            if (size > MAX_FILE_BYTES) {
                throw new InputProblem(file, "is " + size + " bytes; files over " + MAX_FILE_BYTES
                        + " bytes are not read");
            }
            return new String(Files.readAllBytes(file), StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            throw new InputProblem(file, "no such file");
        } catch (IOException e) {
            throw new InputProblem(file, "cannot be read: " + e.getMessage());
        }
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
        return parse(file, readText(file), body);
    }

    /** As {@link #parse(Path, Body)}, for a document already in memory ({@code file} names it in messages). */
    <T> T parse(Path file, String text, Body<T> body) throws InputProblem {
        String fixed = BARE_AMPERSAND.matcher(text).replaceAll("&amp;");
        try {
            return body.read(factory.createXMLStreamReader(new StringReader(fixed)));
        } catch (XMLStreamException e) {
            throw problem(file, e);
        } catch (JsonProcessingException e) {
            throw problem(file, e);
        } catch (IOException e) {
            throw new InputProblem(file, "cannot be read: " + e.getMessage());
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

    private static InputProblem problem(Path file, XMLStreamException e) {
        int line = e.getLocation() == null ? 0 : e.getLocation().getLineNumber();
        String msg = e.getMessage() == null ? "" : e.getMessage();
        int at = msg.indexOf("Message:");
        return new InputProblem(file, line, "malformed XML: " + (at >= 0 ? msg.substring(at + 8) : msg).strip());
    }

    /** A Jackson binding failure (often a malformed document underneath) as a one-line problem. */
    private static InputProblem problem(Path file, JsonProcessingException e) {
        JsonLocation at = e.getLocation();
        return new InputProblem(file, at == null ? 0 : at.getLineNr(), "malformed XML: " + e.getOriginalMessage());
    }
}
