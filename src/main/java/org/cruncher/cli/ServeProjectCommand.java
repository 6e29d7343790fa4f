package org.cruncher.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.nio.file.Path;
import java.util.concurrent.Callable;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import org.cruncher.persist.InputProblem;
import org.cruncher.persist.ServerConfigReader;
import org.cruncher.server.ProjectServer;
import org.cruncher.server.config.FaultMode;
import org.cruncher.server.config.ServerConfig;

/**
 * {@code cruncher serve-project}: a loopback project scheduler for trying a client over real HTTP. It prints one line,
 * "Serving NAME at URL (mode MODE)", and runs until interrupted.
 */
@Command(name = "serve-project", mixinStandardHelpOptions = true, versionProvider = CruncherVersion.class,
        description = {"Run a small BOINC-style project scheduler over HTTP, for trying a client: it reads BOINC's"
                + " scheduler requests, sends jobs for the work asked (workunits and results, not the app versions"
                + " and signed files a stock BOINC client would also need), acknowledges reported results, and can be"
                + " made to fail (--mode). It listens on 127.0.0.1, port 8080, unless told otherwise, and runs until"
                + " interrupted (Ctrl-C).",
                "Without --config it serves the \"Loopback Project\" with one CPU app and one NVIDIA GPU app."})
final class ServeProjectCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Option(names = "--port", defaultValue = "8080", paramLabel = "P", converter = WholeNumberConverter.ToInt.class,
            description = "TCP port to listen on (default: 8080; 0 picks a free port).")
    private int port;

    @Option(names = "--config", paramLabel = "FILE",
            description = "The project's configuration: name, request_delay, mode, slow_seconds and apps (XML).")
    private Path config;

    @Option(names = "--bind", defaultValue = "127.0.0.1", paramLabel = "ADDR",
            description = "Address to listen on (default: 127.0.0.1, this machine only).")
    private String bind;

    @Option(names = "--mode", paramLabel = "MODE",
            description = "How the scheduler answers: up, down, error_500, garbage, slow or no_work (default: the"
                    + " configuration's, else up).")
    private String mode;

    @Option(names = "--request-delay", paramLabel = "S", converter = NumberOption.Converter.class,
            description = "Seconds each reply asks the client to wait before its next request, as <request_delay> "
                    + "(default: the configuration's, else 0); the client keeps to it, the server does not check.")
    private NumberOption requestDelay;

    @Override
    public Integer call() throws InputProblem {
        ServerConfig c = configuration();
        InetSocketAddress address = address();
        ProjectServer server;
        try {
            // Its jobs' names carry the start time, so that a client holding jobs from a run before this one
            // is not sent the same names again (QA: restarted, it numbered from 1 and the client ignored them).
            server = ProjectServer.start(c, address, () -> System.currentTimeMillis() / 1000.0,
                    ProjectServer.runTagNow());
        } catch (IOException e) {
            throw new InputProblem(null, "cannot listen on " + bind + ":" + port + ": " + e.getMessage());
        }
        Thread hook = new Thread(server::close, "serve-project-shutdown");
        Runtime.getRuntime().addShutdownHook(hook);
        PrintWriter out = spec.commandLine().getOut();
        // Each request on a line of its own, so that whoever tries a client sees what it asked for and got.
        server.onRequest(line -> {
            synchronized (out) {
                out.println(line);
                out.flush();
            }
        });
        out.println("Serving " + server.name() + " at " + server.rootUrl() + " (mode " + server.mode().label()
                + ")" + (server.listensEverywhere() ? "; listening on every address of this machine: other machines "
                + "reach it at this machine's address, port " + server.port() + ", and its master page names the "
                + "address each client used" : ""));
        out.flush();
        try {
            server.awaitClosed();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            server.close();
            removeHook(hook);
        }
        return 0;
    }

    /** The configuration file's, or the default project, with the command line's mode and request_delay on top. */
    private ServerConfig configuration() throws InputProblem {
        ServerConfig c = config == null ? ServerConfig.defaults() : new ServerConfigReader().read(config);
        if (mode != null) {
            c = c.withMode(FaultMode.parse(mode).orElseThrow(() -> new InputProblem(null,
                    "--mode must be one of " + FaultMode.labels() + ", not " + mode)));
        }
        if (requestDelay != null) {
            double d = requestDelay.value();
            if (!(d == 0 || d >= 1e-3 && d <= ServerConfig.MAX_REQUEST_DELAY)) {
                throw new InputProblem(null, "--request-delay must be 0 or from 0.001 to 1000000000 seconds, not "
                        + requestDelay.typed());
            }
            c = c.withRequestDelay(requestDelay.value());
        }
        return c;
    }

    private InetSocketAddress address() throws InputProblem {
        if (port < 0 || port > 65535) {
            throw new InputProblem(null, "--port must be between 0 and 65535, not " + port);
        }
        try {
            return new InetSocketAddress(InetAddress.getByName(bind), port);
        } catch (UnknownHostException e) {
            throw new InputProblem(null, "--bind: unknown address " + bind);
        }
    }

    private static void removeHook(Thread hook) {
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException shuttingDown) {
            // The JVM is going down: the hook is running or has run.
        }
    }
}
