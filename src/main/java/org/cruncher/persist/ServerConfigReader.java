package org.cruncher.persist;

import static org.cruncher.persist.SchedulerRequestXml.nextChild;
import static org.cruncher.persist.SchedulerRequestXml.skip;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;

import org.cruncher.engine.api.Units;
import org.cruncher.engine.model.DeletionPolicy;
import org.cruncher.engine.model.ResourceType;
import org.cruncher.server.config.FaultMode;
import org.cruncher.server.config.ServerApp;
import org.cruncher.server.config.ServerConfig;

/**
 * Reads {@code cruncher serve-project}'s configuration, safely ({@link XmlInput}); unknown elements are ignored:
 * <pre>{@code
 * <project_server>
 *   <name>Loopback Project</name> <request_delay>60</request_delay> <mode>up</mode> <slow_seconds>10</slow_seconds>
 *   <app><name>cpu_app</name><resource>CPU</resource><version_num>1</version_num>
 *        <fpops_est>3.6e12</fpops_est><latency_bound>864000</latency_bound></app>
 *   <app><name>gpu_app</name><resource>NVIDIA</resource><plan_class>nvidia</plan_class>
 *        <fpops_est>3.6e13</fpops_est><latency_bound>864000</latency_bound>
 *        <input_file_bytes>1e6</input_file_bytes><output_file_bytes>1e5</output_file_bytes>
 *        <sticky_file_bytes>5e8</sticky_file_bytes><priority>3</priority><exp_days>7</exp_days></app>
 *   <deletion_policy_priority/> <deletion_policy_expire/> <delete_from_self/>
 * </project_server>
 * }</pre>
 * Left out: the name is "Loopback Project", request_delay 0, the mode up, slow_seconds 10, the deletion policy
 * least recently used and no third disk pass; an app's version is 1, its plan class the default for its resource, and
 * it has no files (priority 1, kept 60 days). An app needs a name, a resource, fpops_est and latency_bound; the
 * project at least one app.
 */
public final class ServerConfigReader {

    private final XmlInput xml = new XmlInput();

    /**
     * The configuration in {@code file}.
     *
     * @throws InputProblem a missing or malformed file, or a missing or impossible value; one line naming the file
     *                      and the line
     */
    public ServerConfig read(Path file) throws InputProblem {
        return xml.parse(file, r -> {
            XmlInput.expectRoot(file, r, "project_server", "not a project server configuration");
            int rootLine = r.getLocation().getLineNumber();
            String name = null;
            double requestDelay = 0;
            FaultMode mode = FaultMode.UP;
            double slow = ServerConfig.DEFAULT_SLOW_SECONDS;
            List<ServerApp> apps = new ArrayList<>();
            boolean priority = false;
            boolean expire = false;
            boolean deleteFromSelf = false;
            while (nextChild(r)) {
                switch (r.getLocalName()) {
                    case "name":
                        name = r.getElementText();
                        break;
                    case "request_delay":
                        requestDelay = seconds(file, r);
                        break;
                    case "mode":
                        mode = mode(file, r);
                        break;
                    case "slow_seconds":
                        slow = seconds(file, r);
                        break;
                    case "app":
                        apps.add(app(file, r));
                        break;
                    case "deletion_policy_priority":
                        priority = XmlValues.flag(r.getElementText());
                        break;
                    case "deletion_policy_expire":
                        expire = XmlValues.flag(r.getElementText());
                        break;
                    case "delete_from_self":
                        deleteFromSelf = XmlValues.flag(r.getElementText());
                        break;
                    default:
                        skip(r);
                        break;
                }
            }
            if (apps.isEmpty()) {
                throw new InputProblem(file, rootLine, "no <app>: the project needs at least one");
            }
            return new ServerConfig(name, requestDelay, mode, slow, apps, new DeletionPolicy(priority, expire),
                    deleteFromSelf);
        });
    }

    private static ServerApp app(Path file, XMLStreamReader r) throws XMLStreamException, InputProblem {
        int line = r.getLocation().getLineNumber();
        String name = "";
        ResourceType resource = null;
        int version = 1;
        String planClass = null;
        double fpops = Double.NaN;
        double latency = Double.NaN;
        double input = 0;
        double output = 0;
        double sticky = 0;
        double priority = 1;
        double expDays = Double.NaN;
        while (nextChild(r)) {
            switch (r.getLocalName()) {
                case "name":
                    name = r.getElementText().strip();
                    break;
                case "resource":
                    resource = resource(file, r);
                    break;
                case "version_num":
                    version = (int) number(file, r, false, false, true);
                    break;
                case "plan_class":
                    planClass = r.getElementText();
                    break;
                case "fpops_est":
                    fpops = number(file, r, true, false);
                    break;
                case "latency_bound":
                    latency = number(file, r, true, false);
                    break;
                case "input_file_bytes":
                    input = number(file, r, false, false);
                    break;
                case "output_file_bytes":
                    output = number(file, r, false, false);
                    break;
                case "sticky_file_bytes":
                    sticky = number(file, r, false, false);
                    break;
                case "priority":
                    priority = number(file, r, false, true);
                    break;
                case "exp_days":
                    expDays = number(file, r, false, false);
                    break;
                default:
                    skip(r);
                    break;
            }
        }
        String what = name.isEmpty() ? "an <app>" : "app " + name;
        require(file, line, !name.isEmpty(), what, "name");
        require(file, line, resource != null, what, "resource");
        require(file, line, !Double.isNaN(fpops), what, "fpops_est");
        require(file, line, !Double.isNaN(latency), what, "latency_bound");
        try {
            return new ServerApp(name, resource, version, planClass, fpops, latency, input, output, sticky,
                    (int) priority, expDays);
        } catch (IllegalArgumentException e) {
            throw new InputProblem(file, line, e.getMessage());
        }
    }

    private static void require(Path file, int line, boolean present, String what, String element)
            throws InputProblem {
        if (!present) {
            throw new InputProblem(file, line, what + " has no <" + element + ">");
        }
    }

    private static ResourceType resource(Path file, XMLStreamReader r) throws XMLStreamException, InputProblem {
        int line = r.getLocation().getLineNumber();
        String text = r.getElementText().strip();
        return ResourceType.fromBoincName(text).orElseThrow(() -> new InputProblem(file, line,
                "<resource> must be CPU, NVIDIA, AMD, INTEL or APPLE, not '" + text + "'"));
    }

    private static FaultMode mode(Path file, XMLStreamReader r) throws XMLStreamException, InputProblem {
        int line = r.getLocation().getLineNumber();
        String text = r.getElementText().strip();
        return FaultMode.parse(text).orElseThrow(() -> new InputProblem(file, line,
                "<mode> must be one of " + FaultMode.labels() + ", not '" + text + "'"));
    }

    /** The least figure above 0 taken: a thousandth (of a second, a byte, a day); 1e-300 went out in 300 digits. */
    private static final double LEAST_POSITIVE = 1e-3;

    /**
     * The plausible range of each figure: a deadline of 1e308 s was written as a 309-digit number into every reply,
     * and a job of 1e-300 FLOPs as a 300-digit decimal. Times within ScenarioNumbers.MAX_SECONDS (about 31 years),
     * jobs from one FLOP to ScenarioNumbers.MAX_JOB_FPOPS, files within ClientStateFiles.MAX_FILE_BYTES, files kept
     * up to 10,000 days; and nothing between 0 and {@link #LEAST_POSITIVE}.
     */
    private static final Map<String, double[]> RANGE = Map.of(
            "request_delay", new double[] {0, ScenarioNumbers.MAX_SECONDS},
            "slow_seconds", new double[] {0, ScenarioNumbers.MAX_SECONDS},
            "latency_bound", new double[] {LEAST_POSITIVE, ScenarioNumbers.MAX_SECONDS},
            "fpops_est", new double[] {1, ScenarioNumbers.MAX_JOB_FPOPS},
            "input_file_bytes", new double[] {0, ClientStateFiles.MAX_FILE_BYTES},
            "output_file_bytes", new double[] {0, ClientStateFiles.MAX_FILE_BYTES},
            "sticky_file_bytes", new double[] {0, ClientStateFiles.MAX_FILE_BYTES},
            "exp_days", new double[] {0, 10_000});

    private static double seconds(Path file, XMLStreamReader r) throws XMLStreamException, InputProblem {
        return number(file, r, false, false);
    }

    /**
     * The element's text as a finite number: above 0 if {@code positive}, else at least 0 (or any whole number if
     * {@code whole}).
     */
    private static double number(Path file, XMLStreamReader r, boolean positive, boolean whole)
            throws XMLStreamException, InputProblem {
        return number(file, r, positive, whole, false);
    }

    /** As {@link #number(Path, XMLStreamReader, boolean, boolean)}, or a whole number >= 0 if {@code count}. */
    private static double number(Path file, XMLStreamReader r, boolean positive, boolean whole, boolean count)
            throws XMLStreamException, InputProblem {
        int line = r.getLocation().getLineNumber();
        String element = r.getLocalName();
        String text = r.getElementText().strip();
        double v;
        try {
            v = Double.parseDouble(text);
        } catch (NumberFormatException e) {
            v = Double.NaN;
        }
        boolean ok = Double.isFinite(v) && (count ? v == Math.rint(v) && v >= 0 && v <= Integer.MAX_VALUE
                : whole ? v == Math.rint(v) && Math.abs(v) <= Integer.MAX_VALUE : positive ? v > 0 : v >= 0);
        if (!ok) {
            String kind = count ? "a whole number >= 0" : whole ? "a whole number" : positive ? "a number > 0"
                    : "a number >= 0";
            throw new InputProblem(file, line, "<" + element + "> must be " + kind + ", not '" + text + "'");
        }
        double[] range = RANGE.get(element);
        if (range != null && (v < range[0] || v > range[1] || (v > 0 && v < LEAST_POSITIVE))) {
            throw new InputProblem(file, line, "<" + element + "> must be " + (range[0] == 0 ? "0 or " : "")
                    + "from " + Units.exact(Math.max(range[0], LEAST_POSITIVE)) + " to " + Units.exact(range[1])
                    + ", not '" + text + "'");
        }
        return v;
    }
}
