package org.cruncher.persist;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.cruncher.engine.model.DeletionPolicy;
import org.cruncher.engine.model.ResourceType;
import org.cruncher.server.config.FaultMode;
import org.cruncher.server.config.ServerApp;
import org.cruncher.server.config.ServerConfig;

class ServerConfigReaderTest {

    @TempDir
    Path tmp;

    private Path write(String xml) throws Exception {
        Path f = tmp.resolve("project.xml");
        Files.writeString(f, xml);
        return f;
    }

    private String problem(String xml) throws Exception {
        Path f = write(xml);
        return assertThrows(InputProblem.class, () -> new ServerConfigReader().read(f)).oneLine();
    }

    @Test
    void aFullFileIsReadWithDefaultsForWhatItLeavesOut() throws Exception {
        Path f = write("""
                <?xml version="1.0"?>
                <project_server>
                  <name>Test &amp; Co</name>
                  <request_delay>60</request_delay>
                  <mode>No-Work</mode>
                  <slow_seconds>2.5</slow_seconds>
                  <something_else><x/></something_else>
                  <app><name>cpu_app</name><resource>CPU</resource><version_num>3</version_num>
                       <fpops_est>3.6e12</fpops_est><latency_bound>864000</latency_bound></app>
                  <app><name>gpu_app</name><resource>ATI</resource><plan_class>opencl_ati</plan_class>
                       <fpops_est>3.6e13</fpops_est><latency_bound>86400</latency_bound>
                       <input_file_bytes>1e6</input_file_bytes><output_file_bytes>5000</output_file_bytes></app>
                  <app><name>intel_app</name><resource>intel</resource>
                       <fpops_est>1e12</fpops_est><latency_bound>3600</latency_bound></app>
                </project_server>
                """);

        ServerConfig c = new ServerConfigReader().read(f);

        assertEquals("Test & Co", c.name());
        assertEquals(60, c.requestDelay());
        assertEquals(FaultMode.NO_WORK, c.mode());
        assertEquals(2.5, c.slowSeconds());
        assertEquals(List.of(
                new ServerApp("cpu_app", ResourceType.CPU, 3, "", 3.6e12, 864000, 0, 0),
                new ServerApp("gpu_app", ResourceType.AMD, 1, "opencl_ati", 3.6e13, 86400, 1e6, 5000),
                new ServerApp("intel_app", ResourceType.INTEL, 1, "intel_gpu", 1e12, 3600, 0, 0)), c.apps());
    }

    @Test
    void seed004sFlagsAndFileAttributesAreRead() throws Exception {
        ServerConfig c = new ServerConfigReader().read(write("<project_server><deletion_policy_priority/>"
                + "<delete_from_self/><app><name>a</name><resource>CPU</resource><fpops_est>1e13</fpops_est>"
                + "<latency_bound>600</latency_bound><input_file_bytes>1e6</input_file_bytes>"
                + "<sticky_file_bytes>5e8</sticky_file_bytes><priority>4</priority><exp_days>2.5</exp_days></app>"
                + "</project_server>"));

        assertEquals(new DeletionPolicy(true, false), c.deletionPolicy());
        assertTrue(c.deleteFromSelf());
        assertEquals(new ServerApp("a", ResourceType.CPU, 1, "", 1e13, 600, 1e6, 0, 5e8, 4, 2.5), c.apps().get(0));
        assertTrue(problem("<project_server><app><name>a</name><resource>CPU</resource><fpops_est>1</fpops_est>"
                + "<latency_bound>1</latency_bound><priority>7</priority></app></project_server>")
                .contains("priority must be from 1 to 5"));
    }

    @Test
    void aMinimalFileIsAnUpProjectWithoutRequestDelay() throws Exception {
        ServerConfig c = new ServerConfigReader().read(write("<project_server><app><name>a</name>"
                + "<resource>NVIDIA</resource><fpops_est>1e13</fpops_est><latency_bound>600</latency_bound></app>"
                + "</project_server>"));

        assertEquals(new ServerConfig("Loopback Project", 0, FaultMode.UP, 10,
                List.of(ServerApp.of("a", ResourceType.NVIDIA, 1e13, 600))), c);
        assertEquals("nvidia", c.apps().get(0).planClass());
    }

    @Test
    void theDefaultProjectHasACpuAndAnNvidiaApp() {
        ServerConfig c = ServerConfig.defaults();

        assertEquals("Loopback Project", c.name());
        assertEquals(FaultMode.UP, c.mode());
        assertEquals(0, c.requestDelay());
        assertEquals(List.of(ServerApp.of("cpu_app", ResourceType.CPU, 3.6e12, 864000)),
                c.appsFor(ResourceType.CPU));
        assertEquals(List.of(new ServerApp("gpu_app", ResourceType.NVIDIA, 1, "nvidia", 3.6e13, 864000, 0, 0)),
                c.appsFor(ResourceType.NVIDIA));
    }

    @Test
    void badValuesAreOneLineNamingTheFileAndLine() throws Exception {
        String f = tmp.resolve("project.xml").toString();
        assertEquals(f + ":3: <fpops_est> must be a number > 0, not '-5'", problem("""
                <project_server>
                  <app><name>a</name><resource>CPU</resource><latency_bound>1</latency_bound>
                    <fpops_est>-5</fpops_est></app>
                </project_server>
                """));
        assertEquals(f + ":2: <resource> must be CPU, NVIDIA, AMD, INTEL or APPLE, not 'TPU'", problem("""
                <project_server>
                  <app><name>a</name><resource>TPU</resource></app>
                </project_server>
                """));
        assertEquals(f + ":1: <mode> must be one of up, down, error_500, garbage, slow, no_work, not 'sideways'",
                problem("<project_server><mode>sideways</mode></project_server>"));
        assertEquals(f + ":2: app a has no <latency_bound>", problem("""
                <project_server>
                  <app><name>a</name><resource>CPU</resource><fpops_est>1</fpops_est></app>
                </project_server>
                """));
        assertEquals(f + ":1: no <app>: the project needs at least one", problem("<project_server/>"));
        assertEquals(f + ":1: <request_delay> must be a number >= 0, not 'soon'",
                problem("<project_server><request_delay>soon</request_delay></project_server>"));
        // Absurd figures were written into every reply as numbers of 300 digits.
        assertEquals(f + ":2: <latency_bound> must be from 0.001 to 1000000000, not '1e308'", problem("""
                <project_server>
                  <app><name>a</name><resource>CPU</resource><latency_bound>1e308</latency_bound></app>
                </project_server>
                """));
        assertEquals(f + ":2: <fpops_est> must be from 1 to 1E+21, not '1e-300'", problem("""
                <project_server>
                  <app><name>a</name><resource>CPU</resource><fpops_est>1e-300</fpops_est></app>
                </project_server>
                """));
        assertEquals(f + ":1: <request_delay> must be 0 or from 0.001 to 1000000000, not '1e12'",
                problem("<project_server><request_delay>1e12</request_delay></project_server>"));
        assertEquals(f + ":2: <input_file_bytes> must be 0 or from 0.001 to 1E+15, not '1e-300'", problem("""
                <project_server>
                  <app><name>a</name><resource>CPU</resource><input_file_bytes>1e-300</input_file_bytes></app>
                </project_server>
                """));
        assertEquals(f + ":2: <version_num> must be a whole number >= 0, not '-3'", problem("""
                <project_server>
                  <app><name>a</name><resource>CPU</resource><version_num>-3</version_num></app>
                </project_server>
                """));
    }

    @Test
    void anElementInsideAValueIsSaidSoNotCalledMalformed() throws Exception {
        // Well-formed XML, but <plan_class> holds a value: the file and line, in plain words.
        String f = tmp.resolve("project.xml").toString();
        assertEquals(f + ":3: an element that holds a value has an element inside it", problem("""
                <project_server>
                  <app><name>a</name><resource>CPU</resource>
                    <plan_class><x/></plan_class></app>
                </project_server>
                """));
    }

    @Test
    void malformedOrMissingFilesAreOneLineToo() throws Exception {
        String f = tmp.resolve("project.xml").toString();
        String broken = problem("<project_server>\n<app>\n</project_server>");
        assertEquals(1, broken.lines().count(), broken);
        assertEquals(f + ":3: the end tag </project_server> does not match the start tag <app> it should close",
                broken);
        assertEquals(f + ":1: not a project server configuration: the root element is <cc_config>, not"
                + " <project_server>", problem("<cc_config/>"));
        Path missing = tmp.resolve("none.xml");
        assertEquals(missing + ": no such file",
                assertThrows(InputProblem.class, () -> new ServerConfigReader().read(missing)).oneLine());
    }
}
