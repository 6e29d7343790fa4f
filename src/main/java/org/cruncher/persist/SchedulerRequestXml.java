package org.cruncher.persist;

import java.io.StringWriter;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;

import javax.xml.stream.XMLOutputFactory;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;
import javax.xml.stream.XMLStreamWriter;

import org.cruncher.engine.model.ResourceType;
import org.cruncher.engine.rpc.ReportedResult;
import org.cruncher.engine.rpc.ResourceRequest;
import org.cruncher.engine.rpc.SchedulerRequest;
import org.cruncher.engine.rpc.WorkRequest;

/**
 * The work-fetch part of a {@code <scheduler_request>} with BOINC's element names (boinc-engine.md 5.4): the CPU
 * request as {@code cpu_req_secs}, {@code cpu_req_instances} and {@code estimated_delay}; each GPU's inside
 * {@code <coprocs><coproc_cuda|coproc_ati|coproc_intel_gpu|coproc_apple_gpu>} as {@code req_secs},
 * {@code req_instances} and {@code estimated_delay}; {@code work_req_seconds} the largest of the seconds, for old
 * servers (seed 003); reported results as {@code <result>} elements.
 */
public final class SchedulerRequestXml {

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
            ResourceRequest cpu = work.get(ResourceType.CPU);
            element(w, "cpu_req_secs", cpu.seconds());
            element(w, "cpu_req_instances", cpu.instances());
            element(w, "estimated_delay", cpu.estimatedDelay());
            w.writeStartElement("coprocs");
            for (Map.Entry<ResourceType, ResourceRequest> e : work.perResource().entrySet()) {
                if (e.getKey() == ResourceType.CPU) {
                    continue;
                }
                w.writeStartElement(coprocElement(e.getKey()));
                element(w, "req_secs", e.getValue().seconds());
                element(w, "req_instances", e.getValue().instances());
                element(w, "estimated_delay", e.getValue().estimatedDelay());
                w.writeEndElement();
            }
            w.writeEndElement();
            for (ReportedResult r : request.reported()) {
                w.writeStartElement("result");
                text(w, "name", r.name());
                element(w, "final_cpu_time", r.cpuTime());
                element(w, "final_elapsed_time", r.elapsedTime());
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
     * The work asked for in a {@code <scheduler_request>}. A request from an old client, with only
     * {@code work_req_seconds}, asks for that much CPU work.
     *
     * @param source names the document in error messages
     */
    public static WorkRequest readWork(Path source, String xml) throws InputProblem {
        return new XmlInput().parse(source, xml, r -> {
            XmlInput.expectRoot(source, r, "scheduler_request", "a scheduler request");
            Map<ResourceType, double[]> m = new EnumMap<>(ResourceType.class);
            double[] cpu = new double[3];
            double workReq = 0;
            boolean hasCpuFields = false;
            while (r.nextTag() == XMLStreamConstants.START_ELEMENT) {
                switch (r.getLocalName()) {
                    case "work_req_seconds":
                        workReq = number(r);
                        break;
                    case "cpu_req_secs":
                        cpu[0] = number(r);
                        hasCpuFields = true;
                        break;
                    case "cpu_req_instances":
                        cpu[1] = number(r);
                        hasCpuFields = true;
                        break;
                    case "estimated_delay":
                        cpu[2] = number(r);
                        break;
                    case "coprocs":
                        readCoprocs(r, m);
                        break;
                    default:
                        skip(r);
                        break;
                }
            }
            if (!hasCpuFields) {
                cpu[0] = workReq;
            }
            m.put(ResourceType.CPU, cpu);
            Map<ResourceType, ResourceRequest> work = new EnumMap<>(ResourceType.class);
            m.forEach((type, v) -> work.put(type, new ResourceRequest(v[0], v[1], v[2])));
            return new WorkRequest(work);
        });
    }

    private static void readCoprocs(XMLStreamReader r, Map<ResourceType, double[]> m) throws XMLStreamException {
        while (r.nextTag() == XMLStreamConstants.START_ELEMENT) {
            ResourceType type = null;
            for (ResourceType t : ResourceType.values()) {
                if (t != ResourceType.CPU && coprocElement(t).equals(r.getLocalName())) {
                    type = t;
                }
            }
            if (type == null) {
                skip(r);
                continue;
            }
            double[] v = new double[3];
            while (r.nextTag() == XMLStreamConstants.START_ELEMENT) {
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
                    default:
                        skip(r);
                        break;
                }
            }
            m.put(type, v);
        }
    }

    private static double number(XMLStreamReader r) throws XMLStreamException {
        String text = r.getElementText().strip();
        try {
            double v = Double.parseDouble(text);
            return Double.isFinite(v) && v > 0 ? v : 0;
        } catch (NumberFormatException e) {
            throw new XMLStreamException("<" + r.getLocalName() + "> is not a number: " + text, r.getLocation());
        }
    }

    private static void skip(XMLStreamReader r) throws XMLStreamException {
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

    private static void text(XMLStreamWriter w, String name, String value) throws XMLStreamException {
        w.writeStartElement(name);
        w.writeCharacters(value);
        w.writeEndElement();
    }
}
