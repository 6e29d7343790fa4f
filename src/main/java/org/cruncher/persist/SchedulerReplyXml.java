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

import org.cruncher.engine.model.Workunit;
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
 *   <li>{@code <file_info>}: {@code name}, and {@code nbytes} (an input file's size) or {@code max_nbytes} (the
 *       most an output file may grow to).</li>
 * </ul>
 * A job is a result together with its workunit; its input bytes are the sizes of the files its workunit refers to,
 * its output bytes those of the files the result refers to. Everything else a real server sends (apps, app
 * versions, signatures, GUI URLs, preferences...) is ignored when reading.
 */
public final class SchedulerReplyXml {

    private SchedulerReplyXml() {
    }

    /**
     * The reply as a {@code <scheduler_reply>} document. Each job is written as BOINC's servers write it: the input
     * {@code <file_info>} ({@code WU_in}) and the {@code <workunit>}, then the output {@code <file_info>}
     * ({@code RESULT_out}) and the {@code <result>}; files only for jobs with bytes to move. Numbers are written
     * exactly, without exponent, whatever the default locale; a non-finite one as 0.
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
            Set<String> workunits = new HashSet<>();
            for (NewJob job : reply.jobs()) {
                if (workunits.add(job.workunit().name())) {
                    writeWorkunit(w, job);
                }
                writeResult(w, job);
            }
            w.writeEndElement();
            w.close();
        } catch (XMLStreamException e) {
            throw new IllegalStateException("cannot write a scheduler reply", e);
        }
        return out.toString();
    }

    private static void writeWorkunit(XMLStreamWriter w, NewJob job) throws XMLStreamException {
        Workunit wu = job.workunit();
        String input = wu.name() + "_in";
        if (job.inputBytes() > 0) {
            fileInfo(w, input, "nbytes", job.inputBytes());
        }
        w.writeStartElement("workunit");
        text(w, "name", wu.name());
        String app = wu.appName() == null || wu.appName().isBlank() ? job.appName() : wu.appName();
        text(w, "app_name", app == null ? "" : app);
        exact(w, "rsc_fpops_est", wu.rscFpopsEst());
        exact(w, "rsc_fpops_bound", wu.rscFpopsBound());
        exact(w, "rsc_disk_bound", wu.rscDiskBound());
        if (job.inputBytes() > 0) {
            fileRef(w, input);
        }
        w.writeEndElement();
    }

    private static void writeResult(XMLStreamWriter w, NewJob job) throws XMLStreamException {
        String output = job.resultName() + "_out";
        if (job.outputBytes() > 0) {
            fileInfo(w, output, "max_nbytes", job.outputBytes());
        }
        w.writeStartElement("result");
        text(w, "name", job.resultName());
        text(w, "wu_name", job.workunit().name());
        exact(w, "report_deadline", job.reportDeadline());
        text(w, "version_num", Integer.toString(job.versionNum()));
        text(w, "plan_class", job.planClass() == null ? "" : job.planClass());
        if (job.outputBytes() > 0) {
            fileRef(w, output);
        }
        w.writeEndElement();
    }

    private static void fileInfo(XMLStreamWriter w, String name, String sizeElement, double bytes)
            throws XMLStreamException {
        w.writeStartElement("file_info");
        text(w, "name", name);
        exact(w, sizeElement, bytes);
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
            XmlInput.expectRoot(source, r, "scheduler_reply", "a scheduler reply");
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

    /** The text in an element, including any in elements inside it. */
    private static String allText(XMLStreamReader r) throws XMLStreamException {
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
        /** File name to its size: nbytes, or max_nbytes for an output file. */
        final Map<String, Double> fileBytes = new HashMap<>();
        final Map<String, Wu> workunits = new HashMap<>();
        final List<Res> results = new ArrayList<>();

        static final class Wu {
            Workunit workunit;
            final List<String> files = new ArrayList<>();
        }

        static final class Res {
            String name = "";
            String wuName = "";
            double deadline;
            int versionNum;
            String planClass = "";
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
                        res.deadline, bytes(wu.files), bytes(res.files)));
            }
            return new SchedulerReply(requestDelay, jobs, acked, messages, projectIsDown);
        }

        private double bytes(List<String> files) {
            double sum = 0;
            for (String f : files) {
                sum += fileBytes.getOrDefault(f, 0.0);
            }
            return sum;
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
                    default:
                        skip(r);
                        break;
                }
            }
            fileBytes.put(name, maxNbytes > 0 ? maxNbytes : nbytes);
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
