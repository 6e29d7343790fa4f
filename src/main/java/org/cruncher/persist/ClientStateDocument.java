package org.cruncher.persist;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;

/**
 * A client_state.xml read in document order. Order matters: BOINC writes each project's apps, app versions,
 * workunits and results after the project, and a reader attaches them to the project read last.
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

        ProjectBlock(At<ClientStateXml.Project> project) {
            this.project = project;
        }
    }

    final Path file;
    At<ClientStateXml.HostInfo> hostInfo;
    ClientStateXml.TimeStats timeStats;
    final List<ProjectBlock> projects = new ArrayList<>();
    final List<At<ClientStateXml.ActiveTask>> activeTasks = new ArrayList<>();

    private ClientStateDocument(Path file) {
        this.file = file;
    }

    static ClientStateDocument read(Path file) throws InputProblem {
        XmlInput xml = new XmlInput();
        String text = XmlInput.readText(file);
        XMLStreamReader r = xml.open(file, text);
        ClientStateDocument doc = new ClientStateDocument(file);
        try {
            if (r.nextTag() != XMLStreamConstants.START_ELEMENT || !r.getLocalName().equals("client_state")) {
                throw new InputProblem(file, r.getLocation().getLineNumber(),
                        "not a client_state.xml: the root element is <" + r.getLocalName() + ">");
            }
            while (r.nextTag() == XMLStreamConstants.START_ELEMENT) {
                int line = r.getLocation().getLineNumber();
                String name = r.getLocalName();
                switch (name) {
                    case "host_info":
                        doc.hostInfo = new At<>(xml.mapper().readValue(r, ClientStateXml.HostInfo.class), line);
                        break;
                    case "time_stats":
                        doc.timeStats = xml.mapper().readValue(r, ClientStateXml.TimeStats.class);
                        break;
                    case "project":
                        doc.projects.add(new ProjectBlock(
                                new At<>(xml.mapper().readValue(r, ClientStateXml.Project.class), line)));
                        break;
                    case "app":
                        doc.current(line, name).apps.add(
                                new At<>(xml.mapper().readValue(r, ClientStateXml.App.class), line));
                        break;
                    case "app_version":
                        doc.current(line, name).appVersions.add(
                                new At<>(xml.mapper().readValue(r, ClientStateXml.AppVersion.class), line));
                        break;
                    case "workunit":
                        doc.current(line, name).workunits.add(
                                new At<>(xml.mapper().readValue(r, ClientStateXml.Workunit.class), line));
                        break;
                    case "result":
                        doc.current(line, name).results.add(
                                new At<>(xml.mapper().readValue(r, ClientStateXml.Result.class), line));
                        break;
                    case "active_task_set":
                        doc.readActiveTasks(r, xml);
                        break;
                    default:
                        xml.mapper().readValue(r, JsonNode.class);
                        break;
                }
            }
            return doc;
        } catch (XMLStreamException e) {
            throw XmlInput.problem(file, e);
        } catch (JsonProcessingException e) {
            throw XmlInput.problem(file, e);
        } catch (IOException e) {
            throw new InputProblem(file, "cannot be read: " + e.getMessage());
        }
    }

    private void readActiveTasks(XMLStreamReader r, XmlInput xml) throws XMLStreamException, IOException {
        while (r.nextTag() == XMLStreamConstants.START_ELEMENT) {
            int line = r.getLocation().getLineNumber();
            if (r.getLocalName().equals("active_task")) {
                activeTasks.add(new At<>(xml.mapper().readValue(r, ClientStateXml.ActiveTask.class), line));
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
