package org.cruncher.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.cruncher.engine.rpc.MasterPage;

class ServeProjectCommandTest {

    private static final Pattern SERVING =
            Pattern.compile("Serving (.+) at (http://127\\.0\\.0\\.1:\\d+/) \\(mode (\\w+)\\)");

    @TempDir
    Path tmp;

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        return CruncherCli.run(new PrintWriter(out), new PrintWriter(err), args);
    }

    @Test
    void servesUntilInterruptedAndSaysWhereOnOneLine() throws Exception {
        Path config = tmp.resolve("project.xml");
        Files.writeString(config, "<project_server><name>Test Project</name><app><name>a</name>"
                + "<resource>CPU</resource><fpops_est>1e12</fpops_est><latency_bound>60</latency_bound></app>"
                + "</project_server>");
        AtomicInteger code = new AtomicInteger(-1);
        Thread command = new Thread(() -> code.set(run("serve-project", "--port", "0", "--config", config.toString(),
                "--mode", "no-work", "--request-delay", "30")));
        command.start();
        Matcher m = awaitServing();

        assertEquals("Test Project", m.group(1));
        assertEquals("no_work", m.group(3));
        String page = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(m.group(2))).build(),
                HttpResponse.BodyHandlers.ofString()).body();
        assertEquals(m.group(2), MasterPage.schedulerUrls(page).get(0));
        // Each request answered is a line of the console's: what it asked for and what it got.
        HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(m.group(2))).POST(HttpRequest.BodyPublishers
                .ofString("<scheduler_request><work_req_seconds>3600</work_req_seconds></scheduler_request>"))
                .build(), HttpResponse.BodyHandlers.ofString());

        command.interrupt();
        command.join(5000);
        assertFalse(command.isAlive());
        assertEquals(0, code.get(), err.toString());
        List<String> lines = out.toString().strip().lines().toList();
        assertEquals(2, lines.size(), out.toString());
        assertTrue(lines.get(1).matches("\\d\\d:\\d\\d:\\d\\d 127\\.0\\.0\\.1: 0 reported; asked CPU 1 h 00 min; "
                + "sent 0 jobs, 0 acknowledged \\(.+\\)"), lines.get(1));
    }

    private Matcher awaitServing() throws InterruptedException {
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (System.nanoTime() < deadline) {
            Matcher m = SERVING.matcher(out.toString());
            if (m.find()) {
                return m;
            }
            Thread.sleep(20);
        }
        fail("not serving: " + out + err);
        return null;
    }

    @Test
    void aBadConfigurationIsExitCode2AndOneLine() throws Exception {
        Path config = tmp.resolve("bad.xml");
        Files.writeString(config, "<project_server>\n<mode>fast</mode>\n</project_server>");

        assertEquals(2, run("serve-project", "--port", "0", "--config", config.toString()));
        assertEquals("cruncher: " + config + ":2: <mode> must be one of up, down, error_500, garbage, slow, no_work,"
                + " not 'fast'", err.toString().strip());
    }

    @Test
    void badOptionsAndABusyPortAreOneLineErrors() throws Exception {
        assertEquals(2, run("serve-project", "--port", "0", "--mode", "sideways"));
        assertEquals(2, run("serve-project", "--port", "70000"));
        assertEquals(2, run("serve-project", "--port", "0", "--request-delay", "-1"));
        try (ServerSocket busy = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
            assertEquals(2, run("serve-project", "--port", Integer.toString(busy.getLocalPort())));
        }
        String[] lines = err.toString().strip().split("\n");
        assertEquals(4, lines.length, err.toString());
        assertTrue(lines[0].contains("--mode must be one of"), lines[0]);
        assertTrue(lines[1].contains("--port must be between 0 and 65535"), lines[1]);
        // Quoted as typed: "-1", not "-1.0".
        assertTrue(lines[2].endsWith("--request-delay must be 0 or from 0.001 to 1000000000 seconds, not -1"), lines[2]);
        assertTrue(lines[3].startsWith("cruncher: cannot listen on 127.0.0.1:"), lines[3]);
    }

    /** --request-delay takes plain numbers: "30s" and "3e1" were a typo and 30 to Java's parsing. */
    @Test
    void aRequestDelayIsAPlainNumber() {
        assertEquals(2, run("serve-project", "--port", "0", "--request-delay", "3e1"));

        assertTrue(err.toString().contains("'3e1' is not a plain number such as 10 or 2.5"), err.toString());
        // And the port a whole number: it said "'x' is not an int".
        assertEquals(2, run("serve-project", "--port", "x"));
        assertTrue(err.toString().contains("'x' is not a whole number such as 1 or 42"), err.toString());
    }
}
