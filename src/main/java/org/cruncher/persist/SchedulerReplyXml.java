package org.cruncher.persist;

import static org.cruncher.persist.SchedulerRequestXml.integer;
import static org.cruncher.persist.SchedulerRequestXml.nextChild;
import static org.cruncher.persist.SchedulerRequestXml.number;
import static org.cruncher.persist.SchedulerRequestXml.skip;
import static org.cruncher.persist.SchedulerRequestXml.text;

import java.io.StringWriter;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import javax.xml.stream.XMLOutputFactory;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;
import javax.xml.stream.XMLStreamWriter;

import org.cruncher.engine.model.DeletionPolicy;
import org.cruncher.engine.model.FileInfo;
import org.cruncher.engine.model.Workunit;
import org.cruncher.engine.rpc.DiskShortfall;
import org.cruncher.engine.rpc.JobFile;
import org.cruncher.engine.rpc.NewJob;
import org.cruncher.engine.rpc.SchedulerReply;

/**
 * A {@code <scheduler_reply>} with BOINC's element names (boinc-engine.md 5.5, {@code SCHEDULER_REPLY::parse}), as
 * far as scheduling needs it:
 * <ul>
 *   <li>{@code <request_delay>}, {@code <project_is_down/>}, {@code <message priority="...">} and
 *       {@code <result_ack><name>};</li>
 *   <li>{@code <workunit>}: {@code name}, {@code app_name}, {@code rsc_fpops_est}, {@code rsc_fpops_bound},
 *       {@code rsc_disk_bound}, and its input files as {@code <file_ref><file_name>};</li>
 *   <li>{@code <result>}: {@code name}, {@code wu_name}, {@code report_deadline}, {@code version_num},
 *       {@code plan_class}, and its output files as {@code <file_ref><file_name>};</li>
 *   <li>{@code <file_info>}: {@code name}, {@code nbytes} (an input file's size) or {@code max_nbytes} (the most an
 *       output file may grow to), {@code <sticky/>}, and seed 004's {@code <priority>} (1-5) and
 *       {@code <exp_days>}; a workunit's or result's own {@code <priority>} and {@code <exp_days>} apply to its
 *       files that do not say;</li>
 *   <li>seed 004's {@code <deletion_policy_priority/>} and {@code <deletion_policy_expire/>} (neither: the reply
 *       does not say, and the project keeps its policy, least recently used unless a reply said otherwise), and
 *       Cruncher's {@code <disk_shortfall>} ({@code app_name}, {@code needed_bytes}, {@code available_bytes})
 *       when the server had work but none fitted the client's disk.</li>
 * </ul>
 * A job is a result together with its workunit; its input files are those its workunit refers to, its output files
 * those the result refers to. Everything else a real server sends (apps, app versions, signatures, GUI URLs,
 * preferences...) is ignored when reading.
 */
public final class SchedulerReplyXml {

    private SchedulerReplyXml() {
    }

    /**
     * The reply as a {@code <scheduler_reply>} document. Each job is written as BOINC's servers write it: its input
     * {@code <file_info>}s (each file once per reply: a sticky file may serve many jobs) and the {@code <workunit>},
     * then its output {@code <file_info>}s and the {@code <result>}. Numbers are written exactly, without exponent,
     * whatever the default locale; a non-finite one as 0.
     */
    public static String write(SchedulerReply reply) {
        StringWriter out = new StringWriter();
        try {
            XMLStreamWriter w = XMLOutputFactory.newFactory().createXMLStreamWriter(out);
            w.writeStartElement("scheduler_reply");
            w.writeCharacters(""); // an explicit start tag even when empty: BOINC's parser looks for one
            if (reply.requestDelay() > 0) {
                exact(w, "request_delay", reply.requestDelay());
            }
            if (reply.projectIsDown()) {
                w.writeEmptyElement("project_is_down");
            }
            for (String message : reply.messages()) {
                w.writeStartElement("message");
                w.writeAttribute("priority", "low");
                w.writeCharacters(message);
                w.writeEndElement();
            }
            for (String name : reply.acked()) {
                w.writeStartElement("result_ack");
                text(w, "name", name);
                w.writeEndElement();
            }
            writeDisk(w, reply);
            Set<String> workunits = new HashSet<>();
            Set<String> files = new HashSet<>();
            for (NewJob job : reply.jobs()) {
                if (workunits.add(job.workunit().name())) {
                    writeWorkunit(w, job, files);
                }
                writeResult(w, job, files);
            }
            w.writeEndElement();
            w.close();
        } catch (XMLStreamException e) {
            throw new IllegalStateException("cannot write a scheduler reply", e);
        }
        return out.toString();
    }

    private static void writeDisk(XMLStreamWriter w, SchedulerReply reply) throws XMLStreamException {
        DeletionPolicy policy = reply.deletionPolicy();
        if (policy != null && policy.priority()) {
            w.writeEmptyElement("deletion_policy_priority");
        }
        if (policy != null && policy.expire()) {
            w.writeEmptyElement("deletion_policy_expire");
        }
        DiskShortfall d = reply.diskShortfall();
        if (d != null) {
            w.writeStartElement("disk_shortfall");
            text(w, "app_name", d.appName());
            exact(w, "needed_bytes", d.neededBytes());
            exact(w, "available_bytes", d.availableBytes());
            w.writeEndElement();
        }
    }

    private static void writeWorkunit(XMLStreamWriter w, NewJob job, Set<String> written) throws XMLStreamException {
        Workunit wu = job.workunit();
        for (JobFile f : job.inputs()) {
            if (written.add(f.name())) {
                fileInfo(w, f, "nbytes");
            }
        }
        w.writeStartElement("workunit");
        text(w, "name", wu.name());
        String app = wu.appName() == null || wu.appName().isBlank() ? job.appName() : wu.appName();
        text(w, "app_name", app == null ? "" : app);
        exact(w, "rsc_fpops_est", wu.rscFpopsEst());
        exact(w, "rsc_fpops_bound", wu.rscFpopsBound());
        exact(w, "rsc_disk_bound", wu.rscDiskBound());
        for (JobFile f : job.inputs()) {
            fileRef(w, f.name());
        }
        w.writeEndElement();
    }

    private static void writeResult(XMLStreamWriter w, NewJob job, Set<String> written) throws XMLStreamException {
        for (JobFile f : job.outputs()) {
            if (written.add(f.name())) {
                fileInfo(w, f, "max_nbytes");
            }
        }
        w.writeStartElement("result");
        text(w, "name", job.resultName());
        text(w, "wu_name", job.workunit().name());
        exact(w, "report_deadline", job.reportDeadline());
        text(w, "version_num", Integer.toString(job.versionNum()));
        text(w, "plan_class", job.planClass() == null ? "" : job.planClass());
        for (JobFile f : job.outputs()) {
            fileRef(w, f.name());
        }
        w.writeEndElement();
    }

    private static void fileInfo(XMLStreamWriter w, JobFile f, String sizeElement) throws XMLStreamException {
        w.writeStartElement("file_info");
        text(w, "name", f.name());
        exact(w, sizeElement, f.nbytes());
        if (f.priority() != FileInfo.P_LOW) {
            text(w, "priority", Integer.toString(f.priority()));
        }
        if (Double.isFinite(f.expDays())) {
            exact(w, "exp_days", f.expDays());
        }
        if (f.sticky()) {
            w.writeEmptyElement("sticky");
        }
        w.writeEndElement();
    }

    private static void fileRef(XMLStreamWriter w, String name) throws XMLStreamException {
        w.writeStartElement("file_ref");
        text(w, "file_name", name);
        w.writeEndElement();
    }

    /** A number that reads back exactly: the shortest decimal of the double, never in exponent form. */
    private static void exact(XMLStreamWriter w, String name, double value) throws XMLStreamException {
        String text = Double.isFinite(value) ? BigDecimal.valueOf(value).stripTrailingZeros().toPlainString() : "0";
        text(w, name, text);
    }

    /**
     * The reply in a {@code <scheduler_reply>} document. A result whose workunit is not in the reply is left out
     * (BOINC's client would refuse it too); {@code <file_info>}s may come before or after what refers to them.
     *
     * @param source names the document in error messages
     * @throws InputProblem malformed XML, a non-number where a number belongs, or a workunit or result without a
     *                      name; one line naming the source and the line
     */
    public static SchedulerReply read(Path source, String xml) throws InputProblem {
        return new XmlInput().parse(source, xml, r -> {
            XmlInput.expectRoot(source, r, "scheduler_reply", "not a scheduler reply");
            Parts p = new Parts();
            while (nextChild(r)) {
                switch (r.getLocalName()) {
                    case "request_delay":
                        p.requestDelay = number(r);
                        break;
                    case "project_is_down":
                        p.projectIsDown = XmlValues.flag(allText(r));
                        break;
                    case "message":
                        p.messages.add(allText(r).strip());
                        break;
                    case "result_ack":
                        p.readAck(r);
                        break;
                    case "file_info":
                        p.readFileInfo(r);
                        break;
                    case "deletion_policy_priority":
                        p.deletionPriority = XmlValues.flag(allText(r));
                        break;
                    case "deletion_policy_expire":
                        p.deletionExpire = XmlValues.flag(allText(r));
                        break;
                    case "disk_shortfall":
                        p.readDiskShortfall(r);
                        break;
                    case "workunit":
                        p.readWorkunit(source, r);
                        break;
                    case "result":
                        p.readResult(source, r);
                        break;
                    default:
                        skip(r);
                        break;
                }
            }
            return p.reply();
        });
    }

    /** The text in an element, including any in elements inside it (the reader at its start tag, left at its end). */
    static String allText(XMLStreamReader r) throws XMLStreamException {
        StringBuilder s = new StringBuilder();
        int depth = 1;
        while (depth > 0) {
            int e = r.next();
            if (e == XMLStreamConstants.START_ELEMENT) {
                depth++;
            } else if (e == XMLStreamConstants.END_ELEMENT) {
                depth--;
            } else if (e == XMLStreamConstants.CHARACTERS || e == XMLStreamConstants.CDATA
                    || e == XMLStreamConstants.SPACE || e == XMLStreamConstants.ENTITY_REFERENCE) {
                s.append(r.getText());
            }
        }
        return s.toString();
    }

    /** The parts of a reply, as read; jobs are put together at the end, when every file_info is known. */
    private static final class Parts {
        double requestDelay;
        boolean projectIsDown;
        final List<String> messages = new ArrayList<>();
        final List<String> acked = new ArrayList<>();
        boolean deletionPriority;
        boolean deletionExpire;
        DiskShortfall diskShortfall;
        /** The files described, by name. */
        final Map<String, FileDesc> files = new HashMap<>();
        final Map<String, Wu> workunits = new HashMap<>();
        final List<Res> results = new ArrayList<>();

        /** A {@code <file_info>}: its size is nbytes, or max_nbytes for an output file; NaN where it does not say. */
        static final class FileDesc {
            double bytes;
            double priority = Double.NaN;
            double expDays = Double.NaN;
            boolean sticky;
        }

        static final class Wu {
            Workunit workunit;
            double priority = Double.NaN;
            double expDays = Double.NaN;
            final List<String> files = new ArrayList<>();
        }

        static final class Res {
            String name = "";
            String wuName = "";
            double deadline;
            int versionNum;
            String planClass = "";
            double priority = Double.NaN;
            double expDays = Double.NaN;
            final List<String> files = new ArrayList<>();
        }

        SchedulerReply reply() {
            List<NewJob> jobs = new ArrayList<>();
            for (Res res : results) {
                Wu wu = workunits.get(res.wuName);
                if (wu == null) {
                    continue;
                }
                jobs.add(new NewJob(res.name, wu.workunit, wu.workunit.appName(), res.versionNum, res.planClass,
                        res.deadline, jobFiles(wu.files, wu.priority, wu.expDays),
                        jobFiles(res.files, res.priority, res.expDays)));
            }
            DeletionPolicy policy = deletionPriority || deletionExpire
                    ? new DeletionPolicy(deletionPriority, deletionExpire) : null;
            return new SchedulerReply(requestDelay, jobs, acked, messages, projectIsDown, policy, diskShortfall);
        }

        /** The named files, with what their file_info says, else what the referring element says, else defaults. */
        private List<JobFile> jobFiles(List<String> names, double priority, double expDays) {
            List<JobFile> list = new ArrayList<>();
            for (String name : names) {
                FileDesc f = files.getOrDefault(name, new FileDesc());
                double pr = Double.isNaN(f.priority) ? priority : f.priority;
                int level = Double.isNaN(pr) ? FileInfo.P_LOW
                        : (int) Math.max(FileInfo.P_LOW, Math.min(FileInfo.P_HIGH, Math.round(pr)));
                double days = Double.isNaN(f.expDays) ? expDays : f.expDays;
                list.add(new JobFile(name, f.bytes, level, days >= 0 ? days : Double.NaN, f.sticky));
            }
            return list;
        }

        void readDiskShortfall(XMLStreamReader r) throws XMLStreamException {
            String app = "";
            double needed = 0;
            double available = 0;
            while (nextChild(r)) {
                switch (r.getLocalName()) {
                    case "app_name":
                        app = r.getElementText().strip();
                        break;
                    case "needed_bytes":
                        needed = number(r);
                        break;
                    case "available_bytes":
                        available = number(r);
                        break;
                    default:
                        skip(r);
                        break;
                }
            }
            diskShortfall = new DiskShortfall(app, needed, available);
        }

        void readAck(XMLStreamReader r) throws XMLStreamException {
            while (nextChild(r)) {
                if (r.getLocalName().equals("name")) {
                    acked.add(r.getElementText().strip());
                } else {
                    skip(r);
                }
            }
        }

        void readFileInfo(XMLStreamReader r) throws XMLStreamException {
            String name = "";
            double nbytes = 0;
            double maxNbytes = 0;
            FileDesc f = new FileDesc();
            while (nextChild(r)) {
                switch (r.getLocalName()) {
                    case "name":
                        name = r.getElementText().strip();
                        break;
                    case "nbytes":
                        nbytes = number(r);
                        break;
                    case "max_nbytes":
                        maxNbytes = number(r);
                        break;
                    case "priority":
                        f.priority = number(r);
                        break;
                    case "exp_days":
                        f.expDays = number(r);
                        break;
                    case "sticky":
                        f.sticky = XmlValues.flag(allText(r));
                        break;
                    default:
                        skip(r);
                        break;
                }
            }
            f.bytes = Math.max(0, maxNbytes > 0 ? maxNbytes : nbytes);
            files.put(name, f);
        }

        void readWorkunit(Path source, XMLStreamReader r) throws XMLStreamException, InputProblem {
            int line = r.getLocation().getLineNumber();
            String name = "";
            String app = "";
            double est = 0;
            double bound = 0;
            double disk = 0;
            Wu wu = new Wu();
            while (nextChild(r)) {
                switch (r.getLocalName()) {
                    case "name":
                        name = r.getElementText().strip();
                        break;
                    case "app_name":
                        app = r.getElementText().strip();
                        break;
                    case "rsc_fpops_est":
                        est = number(r);
                        break;
                    case "rsc_fpops_bound":
                        bound = number(r);
                        break;
                    case "rsc_disk_bound":
                        disk = number(r);
                        break;
                    case "priority":
                        wu.priority = number(r);
                        break;
                    case "exp_days":
                        wu.expDays = number(r);
                        break;
                    case "file_ref":
                        readFileRef(r, wu.files);
                        break;
                    default:
                        skip(r);
                        break;
                }
            }
            if (name.isEmpty()) {
                throw new InputProblem(source, line, "a <workunit> has no <name>");
            }
            wu.workunit = new Workunit(name, app, est, bound, disk);
            workunits.put(name, wu);
        }

        void readResult(Path source, XMLStreamReader r) throws XMLStreamException, InputProblem {
            int line = r.getLocation().getLineNumber();
            Res res = new Res();
            while (nextChild(r)) {
                switch (r.getLocalName()) {
                    case "name":
                        res.name = r.getElementText().strip();
                        break;
                    case "wu_name":
                        res.wuName = r.getElementText().strip();
                        break;
                    case "report_deadline":
                        res.deadline = number(r);
                        break;
                    case "version_num":
                        res.versionNum = integer(r);
                        break;
                    case "plan_class":
                        res.planClass = r.getElementText().strip();
                        break;
                    case "priority":
                        res.priority = number(r);
                        break;
                    case "exp_days":
                        res.expDays = number(r);
                        break;
                    case "file_ref":
                        readFileRef(r, res.files);
                        break;
                    default:
                        skip(r);
                        break;
                }
            }
            if (res.name.isEmpty()) {
                throw new InputProblem(source, line, "a <result> has no <name>");
            }
            results.add(res);
        }

        private static void readFileRef(XMLStreamReader r, List<String> files) throws XMLStreamException {
            while (nextChild(r)) {
                if (r.getLocalName().equals("file_name")) {
                    files.add(r.getElementText().strip());
                } else {
                    skip(r);
                }
            }
        }
    }
}
