package org.cruncher.persist;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.cruncher.engine.model.ClientState;
import org.cruncher.engine.model.FileInfo;
import org.cruncher.engine.model.FileRole;
import org.cruncher.engine.model.Project;
import org.cruncher.engine.model.Result;

/**
 * One project's files in a client_state.xml, for seed 004's disk accounting. A file's role comes from what refers
 * to it: an app version's {@code <file_ref>} makes it an application file, a workunit's an input, a result's an
 * output; a file nothing refers to is project data, kept until space is needed. Priority and days to keep come from
 * the file's own {@code <priority>}/{@code <exp_days>}, else its workunit's, else P_LOW and 60 days. Each result
 * learns its input and output files.
 */
final class ClientStateFiles {

    /** The most bytes one file may claim; more is surely an error in the file (a petabyte). */
    static final double MAX_FILE_BYTES = 1e15;

    private final Path file;
    private final ClientStateDocument.ProjectBlock block;
    private final Project project;
    private final Map<String, String> appFiles = new HashMap<>();
    private final Map<String, ClientStateXml.Workunit> inputs = new HashMap<>();
    private final Set<String> outputs = new HashSet<>();

    private ClientStateFiles(Path file, ClientStateDocument.ProjectBlock block, Project project) {
        this.file = file;
        this.block = block;
        this.project = project;
        for (var at : block.appVersions) {
            for (String name : names(at.value().fileRef)) {
                appFiles.putIfAbsent(name, XmlValues.text(at.value().appName));
            }
        }
        for (var at : block.workunits) {
            for (String name : names(at.value().fileRef)) {
                inputs.putIfAbsent(name, at.value());
            }
        }
        for (var at : block.results) {
            outputs.addAll(names(at.value().fileRef));
        }
    }

    /**
     * Adds {@code files} of the project read from {@code block} to {@code state}, arrived at {@code start}, and
     * gives the project's results their files.
     */
    static void read(Path file, ClientStateDocument.ProjectBlock block,
                     List<ClientStateDocument.At<ClientStateXml.FileXml>> files, Project project, ClientState state,
                     double start) throws InputProblem {
        ClientStateFiles reader = new ClientStateFiles(file, block, project);
        for (var at : files) {
            FileInfo f = reader.file(at, start);
            if (f == null) {
                continue;
            }
            if (state.files().get(project.url(), f.name()).isPresent()) {
                throw new InputProblem(file, at.line(), "file " + f.name() + " of " + project.url()
                        + " is in the file twice");
            }
            state.files().add(f);
        }
        reader.attachToResults(state);
    }

    /** The file, or null for a file that failed to download (it takes no space). */
    private FileInfo file(ClientStateDocument.At<ClientStateXml.FileXml> at, double start) throws InputProblem {
        ClientStateXml.FileXml x = at.value();
        String name = XmlValues.text(x.name);
        if (!FileInfo.isSafeName(name)) {
            throw new InputProblem(file, at.line(), name.isEmpty() ? "a <file> has no <name>"
                    : "file name '" + name + "' could reach outside the project's folder");
        }
        double nbytes = XmlValues.number(x.nbytes, 0);
        double maxNbytes = XmlValues.number(x.maxNbytes, 0);
        if (!(nbytes >= 0 && nbytes <= MAX_FILE_BYTES) || !(maxNbytes >= 0 && maxNbytes <= MAX_FILE_BYTES)) {
            throw new InputProblem(file, at.line(), "file " + name + ": nbytes and max_nbytes must be from 0 to "
                    + (long) MAX_FILE_BYTES);
        }
        int status = x.status == null ? 1 : (int) Math.round(x.status);
        if (status < 0) {
            return null;
        }
        boolean present = status == 1;
        FileRole role = appFiles.containsKey(name) ? FileRole.APP : inputs.containsKey(name) ? FileRole.INPUT
                : outputs.contains(name) ? FileRole.OUTPUT : FileRole.DATA;
        double size = !present && role == FileRole.OUTPUT ? Math.max(nbytes, maxNbytes) : nbytes;
        ClientStateXml.Workunit wu = inputs.get(name);
        double priority = XmlValues.number(x.priority, wu == null ? FileInfo.P_LOW
                : XmlValues.number(wu.priority, FileInfo.P_LOW));
        double expDays = XmlValues.number(x.expDays, wu == null ? Double.NaN : XmlValues.number(wu.expDays,
                Double.NaN));
        if (!(priority >= FileInfo.P_LOW && priority <= FileInfo.P_HIGH)) {
            throw new InputProblem(file, at.line(), "file " + name + ": priority must be from 1 to 5, not "
                    + priority);
        }
        boolean sticky = XmlValues.flag(x.sticky) || role == FileRole.DATA;
        double arrival = XmlValues.number(x.arrivalTime, start);
        FileInfo f = new FileInfo(project.url(), name, role, role == FileRole.APP ? appFiles.get(name) : "", size,
                (int) Math.round(priority), arrival, FileInfo.expiry(arrival, expDays), sticky, present);
        f.touch(XmlValues.number(x.lastUsed, arrival));
        return f;
    }

    /** Each result's inputs (its workunit's files) and outputs (its own), among the files the state keeps. */
    private void attachToResults(ClientState state) {
        Map<String, ClientStateXml.Workunit> workunits = new HashMap<>();
        for (var at : block.workunits) {
            workunits.putIfAbsent(XmlValues.text(at.value().name), at.value());
        }
        for (var at : block.results) {
            Result r = state.result(project, XmlValues.text(at.value().name)).orElse(null);
            if (r == null) {
                continue;
            }
            ClientStateXml.Workunit wu = workunits.get(XmlValues.text(at.value().wuName));
            List<String> in = kept(state, wu == null ? List.of() : names(wu.fileRef));
            List<String> out = kept(state, names(at.value().fileRef));
            r.setFiles(in, out);
        }
    }

    private List<String> kept(ClientState state, List<String> names) {
        List<String> kept = new ArrayList<>();
        for (String n : names) {
            if (state.files().get(project.url(), n).isPresent()) {
                kept.add(n);
            }
        }
        return kept;
    }

    private static List<String> names(List<ClientStateXml.FileRef> refs) {
        List<String> names = new ArrayList<>();
        if (refs != null) {
            for (ClientStateXml.FileRef ref : refs) {
                String n = XmlValues.text(ref.fileName);
                if (!n.isEmpty() && !names.contains(n)) {
                    names.add(n);
                }
            }
        }
        return names;
    }
}
