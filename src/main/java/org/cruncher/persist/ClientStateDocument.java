package org.cruncher.persist;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * A client_state.xml read in document order. Order matters: BOINC writes each project's apps, files, app versions,
 * workunits and results after the project, and a reader attaches them to the project read last. Each element is
 * read on its own as the stream meets it, so elements of one kind interleaved with others keep their order.
 */
final class ClientStateDocument {

    /** An element with the line it started on. */
    record At<T>(T value, int line) {
    }

    /** A project and what follows it. */
    static final class ProjectBlock {
        final At<ClientStateXml.Project> project;
        final List<At<ClientStateXml.App>> apps = new ArrayList<>();
        final List<At<ClientStateXml.AppVersion>> appVersions = new ArrayList<>();
        final List<At<ClientStateXml.Workunit>> workunits = new ArrayList<>();
        final List<At<ClientStateXml.Result>> results = new ArrayList<>();
        /** Files that follow the project and name no project of their own. */
        final List<At<ClientStateXml.FileXml>> files = new ArrayList<>();

        ProjectBlock(At<ClientStateXml.Project> project) {
            this.project = project;
        }
    }

    final Path file;
    At<ClientStateXml.HostInfo> hostInfo;
    ClientStateXml.TimeStats timeStats;
    /** Cruncher's own header, preferences and options in a saved state (null in BOINC's files). */
    ClientStateXml.CruncherState cruncherState;
    ClientStateXml.SavedPrefs prefs;
    ClientStateXml.SavedConfig config;
    ClientStateXml.DebtHistoryXml debtHistory;
    ClientStateXml.RunHistoryXml runHistory;
    ClientStateXml.FiguresSoFar figures;
    /**
     * Cruncher's saved {@code <event_log>}: each {@code <event>}'s fields by element name, oldest first (null if the
     * file has none). Read by hand, field by field, so that a damaged event costs that event, not the state.
     */
    List<Map<String, String>> eventLog;
    /**
     * Cruncher's saved {@code <reading_notes>}: what was inferred on reading the file the emulation was first opened
     * from, each {@code <note>}'s text (empty if the file has none).
     */
    final List<String> readingNotes = new ArrayList<>();
    /** Things inside {@code <event_log>} that are not an {@code <event>} (text, other elements). */
    int eventLogOther;
    /**
     * Cruncher's saved {@code <recent_deletions>}: each {@code <deletion>}'s fields by element name, newest first
     * (empty if the file has none); read as the event log is.
     */
    final List<Map<String, String>> deletions = new ArrayList<>();
    /** Things inside {@code <recent_deletions>} that are not a {@code <deletion>}. */
    int deletionsOther;
    /**
     * Cruncher's saved {@code <recent_rpcs>}: each {@code <rpc>}'s fields by element name, newest first (empty if the
     * file has none); read as the event log is.
     */
    final List<Map<String, String>> rpcs = new ArrayList<>();
    /** Things inside {@code <recent_rpcs>} that are not an {@code <rpc>}. */
    int rpcsOther;
    /** BOINC's run modes as the file gives them (1 always, 2 according to preferences, 3 never); null if absent. */
    String userRunRequest;
    String userGpuRequest;
    String userNetworkRequest;
    /** The client's venue ("home", "work", "school"; "" for none), which chooses global_prefs.xml's venue. */
    String hostVenue;
    /** What reading the file's text found (bytes that are not UTF-8), for the scenario's notes. */
    final List<String> notes = new ArrayList<>();
    final List<ProjectBlock> projects = new ArrayList<>();
    final List<At<ClientStateXml.ActiveTask>> activeTasks = new ArrayList<>();
    /** Files that name their project ({@code <project_url>}), wherever they are. */
    final List<At<ClientStateXml.FileXml>> filesWithProject = new ArrayList<>();

    /**
     * The document's text and its line starts, for {@link #lineOf}: read again at the first look, which only a note
     * or a problem needs, so that a large state's text is not held while its model is built.
     */
    private String text;
    private int[] lineStarts;
    /** Per element read (by the line it starts on), the line it ends on. */
    private final Map<Integer, Integer> ends = new HashMap<>();

    private ClientStateDocument(Path file) {
        this.file = file;
    }

    static ClientStateDocument read(Path file) throws InputProblem {
        XmlInput xml = new XmlInput();
        ClientStateDocument doc = new ClientStateDocument(file);
        return xml.parse(file, doc.notes, r -> {
            XmlInput.expectRoot(file, r, "client_state", "not a client_state.xml");
            while (r.nextTag() == XMLStreamConstants.START_ELEMENT) {
                doc.readElement(r, xml);
            }
            return doc;
        });
    }

    /**
     * The line of {@code element} (a path such as "coproc/count" names its last part) inside the element that starts
     * on {@code line}, or {@code line} if it is not found there: a note or a problem about a value then names the
     * value's own line, not its block's ("p_ncpus is -2" at line 2, where {@code <host_info>} starts, beside
     * "{@code <p_ncpus>} is not a number" at line 3).
     */
    int lineOf(String element, int line) {
        Integer end = ends.get(line);
        if (end == null || line < 1) {
            return line;
        }
        if (text == null) {
            try {
                text = XmlInput.readText(file);
            } catch (InputProblem e) {
                return line;
            }
        }
        if (lineStarts == null) {
            lineStarts = lineStarts(text);
        }
        if (line > lineStarts.length) {
            return line;
        }
        String leaf = element.substring(element.lastIndexOf('/') + 1);
        int from = lineStarts[line - 1];
        int to = end < lineStarts.length ? lineStarts[end] : text.length();
        Matcher m = Pattern.compile("<" + Pattern.quote(leaf) + "[\\s/>]").matcher(text).region(from, to);
        if (!m.find()) {
            return line;
        }
        int at = m.start();
        // Found twice (each GPU type's <count>): which one is meant is not known, so the element's own line.
        if (m.find()) {
            return line;
        }
        int i = Arrays.binarySearch(lineStarts, at);
        return i >= 0 ? i + 1 : -i - 1;
    }

    private static int[] lineStarts(String text) {
        int n = 1;
        for (int i = 0; i < text.length(); i++) {
            if (text.charAt(i) == '\n') {
                n++;
            }
        }
        int[] starts = new int[n];
        for (int i = 0, k = 1; i < text.length(); i++) {
            if (text.charAt(i) == '\n') {
                starts[k++] = i + 1;
            }
        }
        return starts;
    }

    private void readElement(XMLStreamReader r, XmlInput xml) throws XMLStreamException, IOException, InputProblem {
        int line = r.getLocation().getLineNumber();
        String name = r.getLocalName();
        readElement(r, xml, line, name);
        ends.put(line, r.getLocation().getLineNumber());
    }

    private void readElement(XMLStreamReader r, XmlInput xml, int line, String name)
            throws XMLStreamException, IOException, InputProblem {
        switch (name) {
            case "host_info":
                hostInfo = new At<>(xml.mapper().readValue(r, ClientStateXml.HostInfo.class), line);
                break;
            case "time_stats":
                timeStats = xml.mapper().readValue(r, ClientStateXml.TimeStats.class);
                break;
            case "project":
                projects.add(new ProjectBlock(new At<>(xml.mapper().readValue(r, ClientStateXml.Project.class),
                        line)));
                break;
            case "app":
                current(line, name).apps.add(new At<>(xml.mapper().readValue(r, ClientStateXml.App.class), line));
                break;
            case "app_version":
                current(line, name).appVersions.add(
                        new At<>(xml.mapper().readValue(r, ClientStateXml.AppVersion.class), line));
                break;
            case "workunit":
                current(line, name).workunits.add(
                        new At<>(xml.mapper().readValue(r, ClientStateXml.Workunit.class), line));
                break;
            case "result":
                current(line, name).results.add(
                        new At<>(xml.mapper().readValue(r, ClientStateXml.Result.class), line));
                break;
            case "file":
            case "file_info":
                At<ClientStateXml.FileXml> f = new At<>(xml.mapper().readValue(r, ClientStateXml.FileXml.class), line);
                if (!XmlValues.text(f.value().projectUrl).isEmpty()) {
                    filesWithProject.add(f);
                } else {
                    current(line, name).files.add(f);
                }
                break;
            case "debt_history":
                debtHistory = xml.mapper().readValue(r, ClientStateXml.DebtHistoryXml.class);
                break;
            case "run_history":
                runHistory = xml.mapper().readValue(r, ClientStateXml.RunHistoryXml.class);
                break;
            case "event_log":
                eventLog = new ArrayList<>();
                eventLogOther += readRecords(r, "event", eventLog);
                break;
            case "recent_deletions":
                deletionsOther += readRecords(r, "deletion", deletions);
                break;
            case "recent_rpcs":
                rpcsOther += readRecords(r, "rpc", rpcs);
                break;
            case "reading_notes":
                readReadingNotes(r);
                break;
            case "figures_so_far":
                figures = xml.mapper().readValue(r, ClientStateXml.FiguresSoFar.class);
                break;
            case "cruncher_state":
                cruncherState = xml.mapper().readValue(r, ClientStateXml.CruncherState.class);
                break;
            case "global_preferences":
                prefs = xml.mapper().readValue(r, ClientStateXml.SavedPrefs.class);
                break;
            case "cc_config":
                config = xml.mapper().readValue(r, ClientStateXml.SavedConfig.class);
                break;
            case "active_task_set":
                readActiveTasks(r, xml);
                break;
            case "user_run_request":
                userRunRequest = r.getElementText();
                break;
            case "user_gpu_request":
                userGpuRequest = r.getElementText();
                break;
            case "user_network_request":
                userNetworkRequest = r.getElementText();
                break;
            case "host_venue":
                hostVenue = r.getElementText();
                break;
            default:
                xml.mapper().readValue(r, JsonNode.class);
                break;
        }
    }

    /**
     * Reads a list of records ({@code <event_log>}'s events, {@code <recent_deletions>}' deletions, {@code
     * <recent_rpcs>}' sessions), the reader at
     * its start tag, up to and including its end tag: each {@code <item>}'s fields by element name into {@code into};
     * returns how many other things it held (text, other elements).
     */
    private static int readRecords(XMLStreamReader r, String item, List<Map<String, String>> into)
            throws XMLStreamException {
        int other = 0;
        while (true) {
            int event = r.next();
            if (event == XMLStreamConstants.END_ELEMENT) {
                return other;
            }
            if (event == XMLStreamConstants.START_ELEMENT && r.getLocalName().equals(item)) {
                Map<String, String> fields = new HashMap<>();
                boolean stray = false;
                for (int e = r.next(); e != XMLStreamConstants.END_ELEMENT; e = r.next()) {
                    if (e == XMLStreamConstants.START_ELEMENT) {
                        String name = r.getLocalName();
                        fields.put(name, SchedulerReplyXml.allText(r));
                    } else if (e == XMLStreamConstants.CHARACTERS && !r.isWhiteSpace()) {
                        stray = true;
                    }
                }
                // Text beside the fields: not a record as written; left without fields, to be left out with a note.
                into.add(stray ? Map.of() : fields);
            } else if (event == XMLStreamConstants.START_ELEMENT) {
                SchedulerRequestXml.skip(r);
                other++;
            } else if (event == XMLStreamConstants.CHARACTERS && !r.isWhiteSpace()) {
                other++;
            }
        }
    }

    /** The {@code <note>} texts of {@code <reading_notes>}; anything else in it is skipped. */
    private void readReadingNotes(XMLStreamReader r) throws XMLStreamException {
        for (int event = r.next(); event != XMLStreamConstants.END_ELEMENT; event = r.next()) {
            if (event == XMLStreamConstants.START_ELEMENT && r.getLocalName().equals("note")) {
                String note = SchedulerReplyXml.allText(r).strip();
                if (!note.isEmpty()) {
                    readingNotes.add(note);
                }
            } else if (event == XMLStreamConstants.START_ELEMENT) {
                SchedulerRequestXml.skip(r);
            }
        }
    }

    private void readActiveTasks(XMLStreamReader r, XmlInput xml) throws XMLStreamException, IOException {
        while (r.nextTag() == XMLStreamConstants.START_ELEMENT) {
            int line = r.getLocation().getLineNumber();
            if (r.getLocalName().equals("active_task")) {
                activeTasks.add(new At<>(xml.mapper().readValue(r, ClientStateXml.ActiveTask.class), line));
                ends.put(line, r.getLocation().getLineNumber());
            } else {
                xml.mapper().readValue(r, JsonNode.class);
            }
        }
    }

    private ProjectBlock current(int line, String element) throws InputProblem {
        if (projects.isEmpty()) {
            throw new InputProblem(file, line, "<" + element + "> comes before any <project>");
        }
        return projects.get(projects.size() - 1);
    }
}
