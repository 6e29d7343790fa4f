package org.cruncher.persist;

import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import javax.xml.stream.XMLOutputFactory;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;
import javax.xml.stream.XMLStreamWriter;

import org.cruncher.engine.model.Coprocessor;
import org.cruncher.engine.model.DeletionPolicy;
import org.cruncher.engine.model.Host;
import org.cruncher.engine.model.ResourceType;
import org.cruncher.engine.model.ResultState;
import org.cruncher.engine.rpc.DiskSpaceReport;
import org.cruncher.engine.rpc.ReportedResult;
import org.cruncher.engine.rpc.ResourceRequest;
import org.cruncher.engine.rpc.RpcReason;
import org.cruncher.engine.rpc.SchedulerRequest;
import org.cruncher.engine.rpc.WorkRequest;

/**
 * A {@code <scheduler_request>} with BOINC's element names (boinc-engine.md 5.4), as far as scheduling needs it:
 * <ul>
 *   <li>the share, {@code resource_share_fraction}, and the project's {@code duration_correction_factor} where it is
 *       not 1;</li>
 *   <li>the CPU request as {@code cpu_req_secs}, {@code cpu_req_instances} and {@code estimated_delay};
 *       {@code work_req_seconds} the largest of the seconds, for old servers (seed 003);</li>
 *   <li>the host as {@code <host_info>} with {@code p_ncpus}, {@code p_fpops}, {@code m_nbytes}, {@code d_total},
 *       {@code d_free};</li>
 *   <li>each GPU inside {@code <coprocs><coproc_cuda|coproc_ati|coproc_intel_gpu|coproc_apple_gpu>}: the host's
 *       {@code count} and {@code peak_flops}, and its request as {@code req_secs}, {@code req_instances} and
 *       {@code estimated_delay}. As in BOINC's requests ({@code cs_scheduler.cpp make_scheduler_request} writes
 *       {@code host_info} without coprocessors, then {@code <coprocs>}), {@code <coprocs>} is a child of
 *       {@code <scheduler_request>}; when reading, a {@code <coprocs>} inside {@code <host_info>} (as in
 *       client_state.xml) is accepted too;</li>
 *   <li>reported results as {@code <result>} with {@code name}, {@code final_cpu_time},
 *       {@code final_elapsed_time}, {@code state}, {@code exit_status};</li>
 *   <li>the disk: seed 004's free-space figures where the client sends them (Cruncher's does), else the space
 *       BOINC's server allows from {@code d_free}, {@code d_total}, {@code d_boinc_used_total} and the request's
 *       disk preferences.</li>
 * </ul>
 * Everything else a real client sends (preferences, time and network statistics, app versions...) is ignored when
 * reading. The small StAX helpers at the end are shared with {@link SchedulerReplyXml}.
 */
public final class SchedulerRequestXml {

    /** More logical CPUs than this is a broken file, not a host. */
    private static final int MAX_CPUS = Host.MAX_PLAUSIBLE_CPUS;

    /** More GPUs of one type than BOINC's MAX_COPROC_INSTANCES is a broken file: the count is cut to it. */
    private static final int MAX_GPUS = ScenarioNumbers.MAX_GPUS;

    private SchedulerRequestXml() {
    }

    /** The element a GPU type's request goes in. */
    static String coprocElement(ResourceType type) {
        switch (type) {
            case NVIDIA:
                return "coproc_cuda";
            case AMD:
                return "coproc_ati";
            case INTEL:
                return "coproc_intel_gpu";
            case APPLE:
                return "coproc_apple_gpu";
            default:
                throw new IllegalArgumentException("not a coprocessor: " + type);
        }
    }

    /** The request as a {@code <scheduler_request>} document. */
    public static String write(SchedulerRequest request) {
        StringWriter out = new StringWriter();
        try {
            XMLStreamWriter w = XMLOutputFactory.newFactory().createXMLStreamWriter(out);
            w.writeStartElement("scheduler_request");
            WorkRequest work = request.work();
            element(w, "work_req_seconds", work.workReqSeconds());
            element(w, "resource_share_fraction", request.shareFraction());
            if (request.durationCorrectionFactor() != 1) {
                element(w, "duration_correction_factor", request.durationCorrectionFactor());
            }
            ResourceRequest cpu = work.get(ResourceType.CPU);
            element(w, "cpu_req_secs", cpu.seconds());
            element(w, "cpu_req_instances", cpu.instances());
            element(w, "estimated_delay", cpu.estimatedDelay());
            Host host = request.host();
            if (host != null) {
                writeHostInfo(w, host);
            }
            w.writeStartElement("coprocs");
            for (ResourceType type : ResourceType.values()) {
                Coprocessor gpu = type == ResourceType.CPU || host == null ? null
                        : host.coprocessor(type).orElse(null);
                if (type == ResourceType.CPU || (gpu == null && !work.perResource().containsKey(type))) {
                    continue;
                }
                w.writeStartElement(coprocElement(type));
                if (gpu != null) {
                    text(w, "count", Integer.toString(gpu.count()));
                    element(w, "peak_flops", gpu.peakFlops());
                }
                ResourceRequest req = work.get(type);
                element(w, "req_secs", req.seconds());
                element(w, "req_instances", req.instances());
                element(w, "estimated_delay", req.estimatedDelay());
                w.writeEndElement();
            }
            w.writeEndElement();
            writeDisk(w, request.disk(), request.stickyFiles());
            for (ReportedResult r : request.reported()) {
                w.writeStartElement("result");
                text(w, "name", r.name());
                element(w, "final_cpu_time", r.cpuTime());
                element(w, "final_elapsed_time", r.elapsedTime());
                text(w, "state", Integer.toString(r.state().code()));
                text(w, "exit_status", Integer.toString(r.exitStatus()));
                w.writeEndElement();
            }
            w.writeEndElement();
            w.close();
        } catch (XMLStreamException e) {
            throw new IllegalStateException("cannot write a scheduler request", e);
        }
        return out.toString();
    }

    /**
     * Seed 004's figures: the three free-space figures (left out when nothing limits the disk), BOINC's
     * {@code <disk_usage>}, the project's deletion policy flags, and the sticky files the client keeps.
     */
    private static void writeDisk(XMLStreamWriter w, DiskSpaceReport disk, List<String> sticky)
            throws XMLStreamException {
        if (Double.isFinite(disk.free())) {
            element(w, "project_disk_free", disk.free());
            element(w, "potentially_free_offender", disk.freeIfOffendersTrimmed());
            element(w, "potentially_free_self", disk.freeIfSelfTrimmed());
            w.writeStartElement("disk_usage");
            element(w, "d_boinc_used_total", disk.usedTotal());
            element(w, "d_boinc_used_project", disk.usedProject());
            element(w, "d_project_share", disk.projectShare());
            w.writeEndElement();
        }
        if (disk.policy().priority()) {
            w.writeEmptyElement("deletion_policy_priority");
        }
        if (disk.policy().expire()) {
            w.writeEmptyElement("deletion_policy_expire");
        }
        for (String name : sticky) {
            w.writeStartElement("file_info");
            text(w, "name", name);
            w.writeEndElement();
        }
    }

    private static void writeHostInfo(XMLStreamWriter w, Host host) throws XMLStreamException {
        w.writeStartElement("host_info");
        text(w, "p_ncpus", Integer.toString(host.cpuCount()));
        element(w, "p_fpops", host.cpuFlops());
        element(w, "m_nbytes", host.memoryBytes());
        element(w, "d_total", host.diskTotal());
        element(w, "d_free", host.diskFree());
        w.writeEndElement();
    }

    /**
     * The work asked for in a {@code <scheduler_request>}. A request from an old client, with only
     * {@code work_req_seconds}, asks for that much CPU work.
     *
     * @param source names the document in error messages
     */
    public static WorkRequest readWork(Path source, String xml) throws InputProblem {
        return new XmlInput().parse(source, xml, r -> Parts.read(source, r).work());
    }

    /**
     * A request's bytes as text, read as a state file's are: UTF-16 by its byte-order mark, else UTF-8 with any byte
     * that is not UTF-8 read as Latin-1, so that a request declared ISO-8859-1 keeps its names ("caf\u00e9_0" was
     * acknowledged as "caf\ufffd_0", a name the client never sent).
     */
    public static String text(byte[] body) {
        return XmlInput.decode(body).text();
    }

    /**
     * A whole {@code <scheduler_request>}, as a project's server sees it: the work request (as {@link #readWork}),
     * the reported results, the share fraction and the host. What a request does not say is filled in: a reported
     * result's deadline is 0, its completion time {@code now} and its work 0; the host's name and CPU model are
     * empty, its GPUs are named "" and not emulated, a missing or zero {@code p_fpops} is
     * {@link Host#DEFAULT_CPU_FLOPS}, and GPUs with no {@code count} are left out. Without {@code <host_info>} the
     * host is null. The reason is {@link RpcReason#NEED_WORK} if work is asked for, else
     * {@link RpcReason#RESULTS_DUE}.
     *
     * @param source names the document in error messages
     * @throws InputProblem malformed XML, a non-number where a number belongs, or a host without CPUs
     */
    public static SchedulerRequest read(Path source, String xml, String projectUrl, String schedulerUrl, double now)
            throws InputProblem {
        return new XmlInput().parse(source, xml, r -> {
            Parts p = Parts.read(source, r);
            WorkRequest work = p.work();
            List<ReportedResult> reported = new ArrayList<>();
            for (Parts.Reported x : p.reported) {
                reported.add(new ReportedResult(x.name, x.exitStatus, x.cpuTime, x.elapsedTime, 0, 0, now, x.state));
            }
            RpcReason reason = work.asksForWork() ? RpcReason.NEED_WORK : RpcReason.RESULTS_DUE;
            return new SchedulerRequest(projectUrl, schedulerUrl, now, reason, work, reported, p.share,
                    p.host(source), p.disk(), p.stickyFiles, p.dcf);
        });
    }

    /** The parts of a request this class knows, as read, before they are checked. */
    private static final class Parts {
        /** BOINC's defaults for disk_max_used_gb (0: no limit), disk_max_used_pct and disk_min_free_gb. */
        static final double[] DEFAULT_DISK_PREFS = {0, 90, 0.1};
        static final double GIB = 1024.0 * 1024 * 1024;

        /** Per GPU type: req_secs, req_instances, estimated_delay (from the top-level {@code <coprocs>}). */
        final Map<ResourceType, double[]> gpuWork = new EnumMap<>(ResourceType.class);
        /** Per GPU type: count, peak_flops (first element of a type wins). */
        final Map<ResourceType, double[]> gpus = new EnumMap<>(ResourceType.class);
        final double[] cpu = new double[3];
        final List<Reported> reported = new ArrayList<>();
        double workReq;
        boolean hasCpuFields;
        double share;
        /** duration_correction_factor (1: not sent). */
        double dcf = 1;
        /** p_ncpus, p_fpops, m_nbytes, d_total, d_free; null without {@code <host_info>}. */
        double[] hostInfo;
        int hostLine;
        /** project_disk_free, potentially_free_offender, potentially_free_self (+infinity: not sent). */
        final double[] free = {Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY};
        /** d_boinc_used_total, d_boinc_used_project, d_project_share. */
        final double[] usage = new double[3];
        /** The request's disk preferences (disk_max_used_gb, _pct, disk_min_free_gb); null if not sent. */
        double[] global;
        double[] working;
        boolean deletionPriority;
        boolean deletionExpire;
        final List<String> stickyFiles = new ArrayList<>();

        static final class Reported {
            String name = "";
            double cpuTime;
            double elapsedTime;
            int exitStatus;
            /** BOINC's client state of the result; uploaded if the request does not say, or says something else. */
            ResultState state = ResultState.FILES_UPLOADED;
        }

        static Parts read(Path source, XMLStreamReader r) throws XMLStreamException, InputProblem {
            XmlInput.expectRoot(source, r, "scheduler_request", "not a scheduler request");
            Parts p = new Parts();
            while (nextChild(r)) {
                switch (r.getLocalName()) {
                    case "work_req_seconds":
                        p.workReq = number(r);
                        break;
                    case "cpu_req_secs":
                        p.cpu[0] = number(r);
                        p.hasCpuFields = true;
                        break;
                    case "cpu_req_instances":
                        p.cpu[1] = number(r);
                        p.hasCpuFields = true;
                        break;
                    case "estimated_delay":
                        p.cpu[2] = number(r);
                        break;
                    case "resource_share_fraction":
                        p.share = number(r);
                        break;
                    case "duration_correction_factor":
                        p.dcf = number(r);
                        break;
                    case "coprocs":
                        p.readCoprocs(r, true);
                        break;
                    case "host_info":
                        p.readHostInfo(r);
                        break;
                    case "result":
                        p.readResult(r);
                        break;
                    case "project_disk_free":
                        p.free[0] = number(r);
                        break;
                    case "potentially_free_offender":
                        p.free[1] = number(r);
                        break;
                    case "potentially_free_self":
                        p.free[2] = number(r);
                        break;
                    case "disk_usage":
                        p.readDiskUsage(r);
                        break;
                    case "global_preferences":
                        p.global = readDiskPrefs(r);
                        break;
                    case "working_global_preferences":
                        p.working = readDiskPrefs(r);
                        break;
                    case "deletion_policy_priority":
                        p.deletionPriority = XmlValues.flag(r.getElementText());
                        break;
                    case "deletion_policy_expire":
                        p.deletionExpire = XmlValues.flag(r.getElementText());
                        break;
                    case "file_info":
                        p.readFileInfo(r);
                        break;
                    default:
                        skip(r);
                        break;
                }
            }
            return p;
        }

        /**
         * The disk figures as sent. A figure that is missing leaves the space unlimited; a later pass's figure is
         * never below an earlier one's (each pass may only free more), so a missing second or third figure is the
         * one before it.
         */
        DiskSpaceReport disk() {
            double first = Math.max(0, free[0]);
            double second = Double.isInfinite(free[1]) ? first : Math.max(first, free[1]);
            double third = Double.isInfinite(free[2]) ? second : Math.max(second, free[2]);
            if (Double.isInfinite(free[0])) {
                first = second = third = maxAllowableDisk();
            }
            return new DiskSpaceReport(first, second, third, usage[0], usage[1], usage[2],
                    new DeletionPolicy(deletionPriority, deletionExpire));
        }

        /**
         * Without seed 004's figures (a stock BOINC client), the space BOINC's server allows
         * ({@code sched_send.cpp max_allowable_disk}, boinc-engine.md 8): the least of {@code d_free} less
         * disk_min_free_gb, {@code d_total} x disk_max_used_pct less {@code d_boinc_used_total}, and disk_max_used_gb
         * less {@code d_boinc_used_total}, a zero percentage or size setting no limit; never below 0. The preferences
         * are the request's (its working ones before its global ones), else BOINC's defaults (90 %, 0.1 GB free, no
         * size limit). Unlimited when the host's disk is not given.
         */
        double maxAllowableDisk() {
            if (hostInfo == null || !(hostInfo[4] > 0)) {
                return Double.POSITIVE_INFINITY;
            }
            double[] prefs = working != null ? working : global != null ? global : DEFAULT_DISK_PREFS;
            double allowed = hostInfo[4] - prefs[2] * GIB;
            if (prefs[1] > 0 && hostInfo[3] > 0) {
                allowed = Math.min(allowed, hostInfo[3] * prefs[1] / 100 - usage[0]);
            }
            if (prefs[0] > 0) {
                allowed = Math.min(allowed, prefs[0] * GIB - usage[0]);
            }
            return Math.max(0, allowed);
        }

        /**
         * disk_max_used_gb, disk_max_used_pct and disk_min_free_gb of a {@code <global_preferences>}, or of the one
         * inside a {@code <working_global_preferences>}, as BOINC's client writes it; null for an element with
         * nothing in it, which BOINC's server passes over (an empty working set leaves the global one in force).
         */
        private static double[] readDiskPrefs(XMLStreamReader r) throws XMLStreamException {
            double[] prefs = DEFAULT_DISK_PREFS.clone();
            boolean any = false;
            while (nextChild(r)) {
                any = true;
                switch (r.getLocalName()) {
                    case "global_preferences":
                        double[] inner = readDiskPrefs(r);
                        prefs = inner != null ? inner : prefs;
                        break;
                    case "disk_max_used_gb":
                        prefs[0] = number(r);
                        break;
                    case "disk_max_used_pct":
                        prefs[1] = number(r);
                        break;
                    case "disk_min_free_gb":
                        prefs[2] = number(r);
                        break;
                    default:
                        skip(r);
                        break;
                }
            }
            return any ? prefs : null;
        }

        private void readDiskUsage(XMLStreamReader r) throws XMLStreamException {
            while (nextChild(r)) {
                switch (r.getLocalName()) {
                    case "d_boinc_used_total":
                        usage[0] = number(r);
                        break;
                    case "d_boinc_used_project":
                        usage[1] = number(r);
                        break;
                    case "d_project_share":
                        usage[2] = number(r);
                        break;
                    default:
                        skip(r);
                        break;
                }
            }
        }

        private void readFileInfo(XMLStreamReader r) throws XMLStreamException {
            while (nextChild(r)) {
                if (r.getLocalName().equals("name")) {
                    String name = r.getElementText().strip();
                    if (!name.isEmpty() && !stickyFiles.contains(name)) {
                        stickyFiles.add(name);
                    }
                } else {
                    skip(r);
                }
            }
        }

        WorkRequest work() {
            Map<ResourceType, ResourceRequest> work = new EnumMap<>(ResourceType.class);
            work.put(ResourceType.CPU, hasCpuFields ? new ResourceRequest(cpu[0], cpu[1], cpu[2])
                    : new ResourceRequest(workReq, 0, cpu[2]));
            gpuWork.forEach((type, v) -> work.put(type, new ResourceRequest(v[0], v[1], v[2])));
            return new WorkRequest(work);
        }

        Host host(Path source) throws InputProblem {
            if (hostInfo == null) {
                return null;
            }
            if (!(hostInfo[0] >= 1) || hostInfo[0] > MAX_CPUS) {
                throw new InputProblem(source, hostLine, "the host has no usable CPU count (p_ncpus is "
                        + (hostInfo[0] == 0 ? "missing or 0" : Double.toString(hostInfo[0])) + ")");
            }
            List<Coprocessor> list = new ArrayList<>();
            gpus.forEach((type, v) -> {
                if (Math.round(v[0]) >= 1) {
                    list.add(new Coprocessor(type, (int) Math.min(MAX_GPUS, Math.round(v[0])), v[1], "", false));
                }
            });
            double fpops = hostInfo[1] > 0 ? hostInfo[1] : Host.DEFAULT_CPU_FLOPS;
            // BOINC reads p_ncpus as a whole number, its digits before any point: 2.5 is 2.
            return new Host("", "", (int) Math.floor(hostInfo[0]), fpops, hostInfo[2], hostInfo[3], hostInfo[4], list);
        }

        private void readHostInfo(XMLStreamReader r) throws XMLStreamException {
            hostLine = r.getLocation().getLineNumber();
            hostInfo = new double[5];
            while (nextChild(r)) {
                switch (r.getLocalName()) {
                    case "p_ncpus":
                        hostInfo[0] = number(r);
                        break;
                    case "p_fpops":
                        hostInfo[1] = number(r);
                        break;
                    case "m_nbytes":
                        hostInfo[2] = number(r);
                        break;
                    case "d_total":
                        hostInfo[3] = number(r);
                        break;
                    case "d_free":
                        hostInfo[4] = number(r);
                        break;
                    case "coprocs":
                        readCoprocs(r, false);
                        break;
                    default:
                        skip(r);
                        break;
                }
            }
        }

        /**
         * A {@code <coprocs>}: per type element, or BOINC 6's {@code <coproc><type>CUDA</type>...}.
         *
         * @param request whether its {@code req_*} fields are the request's (top level) or not (in host_info)
         */
        private void readCoprocs(XMLStreamReader r, boolean request) throws XMLStreamException {
            while (nextChild(r)) {
                String element = r.getLocalName();
                ResourceType type = null;
                for (ResourceType t : ResourceType.values()) {
                    if (t != ResourceType.CPU && coprocElement(t).equals(element)) {
                        type = t;
                    }
                }
                if (type == null && !element.equals("coproc")) {
                    skip(r);
                    continue;
                }
                String typeName = "";
                double[] v = new double[5];
                while (nextChild(r)) {
                    switch (r.getLocalName()) {
                        case "req_secs":
                            v[0] = number(r);
                            break;
                        case "req_instances":
                            v[1] = number(r);
                            break;
                        case "estimated_delay":
                            v[2] = number(r);
                            break;
                        case "count":
                            v[3] = number(r);
                            break;
                        case "peak_flops":
                            v[4] = number(r);
                            break;
                        case "type":
                            typeName = r.getElementText();
                            break;
                        default:
                            skip(r);
                            break;
                    }
                }
                if (type == null) {
                    type = ResourceType.fromBoincName(typeName).filter(ResourceType::isCoprocessor).orElse(null);
                }
                if (type == null) {
                    continue;
                }
                if (request) {
                    gpuWork.put(type, new double[] {v[0], v[1], v[2]});
                }
                if (v[3] > 0) {
                    gpus.putIfAbsent(type, new double[] {v[3], v[4]});
                }
            }
        }

        private void readResult(XMLStreamReader r) throws XMLStreamException {
            Reported x = new Reported();
            while (nextChild(r)) {
                switch (r.getLocalName()) {
                    case "name":
                        x.name = r.getElementText().strip();
                        break;
                    case "final_cpu_time":
                        x.cpuTime = number(r);
                        break;
                    case "final_elapsed_time":
                        x.elapsedTime = number(r);
                        break;
                    case "exit_status":
                        x.exitStatus = integer(r);
                        break;
                    case "state":
                        x.state = resultState(integer(r));
                        break;
                    default:
                        skip(r);
                        break;
                }
            }
            reported.add(x);
        }
    }

    /** The result state BOINC numbers {@code code}; a number it does not use reads as uploaded. */
    private static ResultState resultState(int code) {
        for (ResultState st : ResultState.values()) {
            if (st.code() == code) {
                return st;
            }
        }
        return ResultState.FILES_UPLOADED;
    }

        // ---- StAX helpers, shared with SchedulerReplyXml ----

    /**
     * Moves to the next child element of the current element: true at its start, false at the current element's
     * end. Text, comments and processing instructions between elements are passed over, as BOINC's parser does.
     */
    static boolean nextChild(XMLStreamReader r) throws XMLStreamException {
        while (true) {
            int e = r.next();
            if (e == XMLStreamConstants.START_ELEMENT) {
                return true;
            }
            if (e == XMLStreamConstants.END_ELEMENT || e == XMLStreamConstants.END_DOCUMENT) {
                return false;
            }
        }
    }

    /**
     * The element's text as a number; empty is 0, as are negative values. A value that is not finite (inf, nan, 1e400)
     * is refused like one that is not a number: read as 0, a request for infinite work got an empty reply unexplained.
     */
    static double number(XMLStreamReader r) throws XMLStreamException {
        String name = r.getLocalName();
        String text = r.getElementText().strip();
        if (text.isEmpty()) {
            return 0;
        }
        try {
            double v = Double.parseDouble(text);
            if (!Double.isFinite(v)) {
                throw new XmlValueException("<" + name + "> is not a finite number: " + XmlLimitWords.shorten(text),
                        r.getLocation());
            }
            return v > 0 ? v : 0;
        } catch (NumberFormatException e) {
            throw new XmlValueException("<" + name + "> is not a number: " + XmlLimitWords.shorten(text),
                    r.getLocation());
        }
    }

    /** The element's text as a whole number, which may be negative (an exit status); empty is 0. */
    static int integer(XMLStreamReader r) throws XMLStreamException {
        String name = r.getLocalName();
        String text = r.getElementText().strip();
        if (text.isEmpty()) {
            return 0;
        }
        try {
            double v = Double.parseDouble(text);
            if (!Double.isFinite(v) || v < Integer.MIN_VALUE || v > Integer.MAX_VALUE) {
                throw new NumberFormatException(text);
            }
            return (int) Math.round(v);
        } catch (NumberFormatException e) {
            throw new XmlValueException("<" + name + "> is not a whole number: " + XmlLimitWords.shorten(text),
                    r.getLocation());
        }
    }

    /** Skips the current element, whatever it holds. */
    static void skip(XMLStreamReader r) throws XMLStreamException {
        int depth = 1;
        while (depth > 0) {
            int e = r.next();
            if (e == XMLStreamConstants.START_ELEMENT) {
                depth++;
            } else if (e == XMLStreamConstants.END_ELEMENT) {
                depth--;
            }
        }
    }

    private static void element(XMLStreamWriter w, String name, double value) throws XMLStreamException {
        text(w, name, String.format(Locale.ROOT, "%.6f", value));
    }

    static void text(XMLStreamWriter w, String name, String value) throws XMLStreamException {
        w.writeStartElement(name);
        w.writeCharacters(value);
        w.writeEndElement();
    }
}
