package org.cruncher.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.cruncher.emulator.Checkpoint;
import org.cruncher.emulator.Emulation;
import org.cruncher.emulator.Scenario;
import org.cruncher.emulator.ScenarioBuilder;
import org.cruncher.engine.model.Coprocessor;
import org.cruncher.engine.model.Host;
import org.cruncher.engine.model.ResourceType;
import org.cruncher.persist.ClientStateWriter;
import org.cruncher.persist.ScenarioReader;

class EmulateCommandTest {

    private static final String SCENARIO = "src/test/resources/scenarios/seed-75-25";

    @TempDir
    Path tmp;

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        return CruncherCli.run(new PrintWriter(out), new PrintWriter(err), args);
    }

    /**
     * A path Java cannot take is one line naming it and why: under LC_ALL=C a path with "ü" reads as "??", and
     * picocli gave Java's "InvalidPathException: Malformed input..." inside its own message (QA).
     */
    @Test
    void aPathThatCannotBeOneIsOneLine() {
        assertEquals(2, run("emulate", "x\0y"));
        assertEquals("cruncher: cannot use the path x\\0y: nul character not allowed", err.toString().strip());
    }

    /** Two projects named alike (seed-75-25 with B renamed "A") are told apart in the table by their URLs. */
    @Test
    void projectsOfTheSameNameAreToldApartByTheirUrls() throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("same-name"));
        String state = Files.readString(Path.of(SCENARIO, "client_state.xml"));
        Files.writeString(dir.resolve("client_state.xml"),
                state.replace("<project_name>B</project_name>", "<project_name>A</project_name>"));

        assertEquals(0, run("emulate", dir.toString(), "--days", "1"), err.toString());

        assertTrue(out.toString().contains("  A <http://a.example/>  "), out.toString());
        assertTrue(out.toString().contains("  A <http://b.example/>  "), out.toString());
    }

    @Test
    void jsonPrintsExactlyOneObjectWithTheAgreedKeys() throws Exception {
        int code = run("emulate", SCENARIO, "--days", "2", "--json");

        assertEquals(0, code, err.toString());
        String text = out.toString().strip();
        assertEquals(1, text.lines().count(), "one line of JSON");
        JsonNode j = new ObjectMapper().readTree(text);
        Set<String> keys = new TreeSet<>();
        j.fieldNames().forEachRemaining(keys::add);
        assertTrue(keys.containsAll(List.of("simulated_days", "wall_seconds", "idle_fraction", "wasted_fraction",
                "share_violation", "monotony", "rpcs_per_job", "rpcs", "jobs", "projects")), keys.toString());
        assertEquals(2.0, j.get("simulated_days").asDouble(), 1e-9);
        JsonNode a = j.get("projects").get(0);
        for (String k : List.of("name", "resource_share", "flops_share", "cpu_seconds", "gpu_seconds",
                "deadlines_met", "deadlines_missed", "rpcs", "rpc_failures", "longest_deferral_seconds")) {
            assertTrue(a.has(k), k);
        }
        assertEquals("A", a.get("name").asText());
        assertEquals(0.75, a.get("flops_share").asDouble(), 0.02);
        // What the summary says besides the figures: the policy, how much of the time the host computed (seed-75-25
        // computes all the time), the projects left out and the notes from reading (none here).
        assertEquals("seed003", j.get("fetch_policy").asText());
        assertEquals(1.0, j.get("computing_fraction").asDouble(), 1e-9);
        assertEquals(0, j.get("not_emulated").size());
        assertTrue(j.get("notes").isArray());
        // 75/25 on CPUs only: A's fair part of the host is its share.
        assertEquals(0.75, a.get("target_on_host").asDouble(), 1e-12);
    }

    /**
     * A host never on (seed-75-25 with on_frac 0) computes nothing and gets no job: every figure divided by the
     * capacity, the time computing, the work done or the jobs is 0 / 0. The text says n/a for each, and the JSON
     * null, not 0.0 (a share violation of 0 would read as shares met exactly). RPC counts are real zeros.
     */
    @Test
    void figuresWithNothingToDivideByAreNaInTextAndNullInJson() throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("off"));
        String state = Files.readString(Path.of(SCENARIO, "client_state.xml"));
        Files.writeString(dir.resolve("client_state.xml"),
                state.replaceFirst("<on_frac>[^<]*</on_frac>", "<on_frac>0</on_frac>"));

        assertEquals(0, run("emulate", dir.toString(), "--days", "1"), err.toString());
        for (String figure : List.of("idle fraction", "wasted fraction", "share violation", "target violation",
                "monotony", "RPCs per job")) {
            assertTrue(Pattern.compile("(?m)^  " + figure + " +n/a ").matcher(out.toString()).find(),
                    figure + " in\n" + out);
        }
        out.getBuffer().setLength(0);

        assertEquals(0, run("emulate", dir.toString(), "--days", "1", "--json"), err.toString());
        JsonNode j = new ObjectMapper().readTree(out.toString());
        for (String key : List.of("idle_fraction", "usable_idle_fraction", "wasted_fraction", "share_violation",
                "target_violation", "monotony", "rpcs_per_job")) {
            assertTrue(j.get(key).isNull(), key + " is " + j.get(key));
        }
        assertEquals(0, j.get("rpcs").asLong());
        assertEquals(0, j.get("jobs").asLong());
    }

    /**
     * Every share 0 (seed-75-25 with both shares set to 0): both projects are backup projects and there is no share
     * to measure the work against. The share and target violations are n/a (null in JSON), as the window's status
     * bar says "-", not 1.0, which would read as the worst division possible; the work itself is still counted.
     */
    @Test
    void everyShareZeroLeavesTheViolationsUndefined() throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("backups"));
        String state = Files.readString(Path.of(SCENARIO, "client_state.xml"));
        Files.writeString(dir.resolve("client_state.xml"),
                state.replaceAll("<resource_share>[^<]*</resource_share>", "<resource_share>0</resource_share>"));

        assertEquals(0, run("emulate", dir.toString(), "--days", "2", "--json"), err.toString());
        JsonNode j = new ObjectMapper().readTree(out.toString());
        assertTrue(j.get("share_violation").isNull(), j.toString());
        assertTrue(j.get("target_violation").isNull(), j.toString());
        assertTrue(j.get("idle_fraction").asDouble() < 0.5, "the projects still computed: " + j);
        out.getBuffer().setLength(0);

        assertEquals(0, run("emulate", dir.toString(), "--days", "2"), err.toString());
        for (String figure : List.of("share violation", "target violation")) {
            assertTrue(Pattern.compile("(?m)^  " + figure + " +n/a ").matcher(out.toString()).find(),
                    figure + " in\n" + out);
        }
    }

    /**
     * --days takes plain numbers only: Java's parsing also took "10d" (a double literal), "2f" (a float), "0x1p1"
     * (hexadecimal, 2) and "1e3" (1000), all typos here. A value out of range is quoted as typed: "-1", not "-1.0".
     */
    @Test
    void daysTakesPlainNumbersOnlyAndQuotesThemAsTyped() {
        for (String odd : List.of("10d", "2f", "0x1p1", "1e3", "NaN", "Infinity", ".5", "")) {
            err.getBuffer().setLength(0);
            assertEquals(2, run("emulate", SCENARIO, "--days", odd), odd);
            assertEquals(List.of("cruncher: Invalid value for option '--days': '" + odd + "' is not a plain number "
                    + "such as 10 or 2.5 (see cruncher emulate --help)"), err.toString().lines().toList());
        }
        err.getBuffer().setLength(0);

        assertEquals(2, run("emulate", SCENARIO, "--days", "-1"));

        assertEquals(List.of("cruncher: --days must be more than 0 and at most 36500, not -1"),
                err.toString().lines().toList());
        assertEquals("", out.toString());
    }

    /** A seed that is not a whole number is said so, not "'abc' is not a long" (a Java type). */
    @Test
    void aSeedIsAWholeNumber() {
        for (String odd : List.of("abc", "1.5", "99999999999999999999")) {
            err.getBuffer().setLength(0);
            assertEquals(2, run("emulate", SCENARIO, "--days", "1", "--seed", odd), odd);
            assertEquals(List.of("cruncher: Invalid value for option '--seed': '" + odd + "' is not a whole number "
                    + "such as 1 or 42 (see cruncher emulate --help)"), err.toString().lines().toList());
        }
    }

    /** A file of --out that cannot be written is named, not the folder given (timeline.csv a folder here). */
    @Test
    void anOutFileInTheWayIsNamed(@TempDir Path dir) throws Exception {
        Files.createDirectories(dir.resolve("timeline.csv"));

        assertEquals(2, run("emulate", SCENARIO, "--days", "1", "--out", dir.toString()));

        assertEquals(List.of("cruncher: " + dir.resolve("timeline.csv") + ": --out cannot be written: is a directory"),
                err.toString().lines().toList());
    }

    /** An empty --out is refused in one line (exit 2): Java reads "" as the current folder, written into unasked. */
    @Test
    void anEmptyOutIsRefused() {
        assertEquals(2, run("emulate", SCENARIO, "--days", "1", "--out", ""));

        assertEquals(List.of("cruncher: --out needs a folder name, not an empty one"), err.toString().lines().toList());
        assertEquals("", out.toString());
    }

    /**
     * The disk figures name each project by URL too, as the projects' figures do (names can repeat). Seed 004's
     * 75/25 example on "use no more than 10 GB": A's share limit 7.5 GB, B's 2.5 GB.
     */
    @Test
    void jsonDiskFiguresNameEachProjectByUrl() throws Exception {
        double gb = 1L << 30;
        Scenario s = new ScenarioBuilder(new Host("h", "cpu", 2, 1e9, 8e9, 100 * gb, 80 * gb, List.of()))
                .prefs(org.cruncher.engine.model.Prefs.DEFAULTS.withDisk(10, 0, 0))
                .project("A", 75).cpuApp("a1", 3600, 2 * 86400).files(gb, 0.1 * gb, 0)
                .project("B", 25).cpuApp("b1", 3600, 2 * 86400).build("disk 75/25");

        String text = new ObjectMapper().writeValueAsString(EmulateCommand.toJson(Emulation.run(s, 0.5, 1, null), s,
                org.cruncher.engine.policy.workfetch.FetchPolicies.createDefault()));

        JsonNode disk = new ObjectMapper().readTree(text).get("disk");
        assertEquals(10 * gb, disk.get("limit_bytes").asDouble());
        // Bytes are whole numbers: 0 written in half a day without transfers is 0, not 0.0.
        assertTrue(disk.get("limit_bytes").isIntegralNumber() && disk.get("bytes_written").isIntegralNumber(),
                disk.toString());
        JsonNode a = disk.get("projects").get(0);
        JsonNode b = disk.get("projects").get(1);
        assertEquals(List.of("A", "https://a.example/", 7.5 * gb), List.of(a.get("name").asText(),
                a.get("url").asText(), a.get("limit_bytes").asDouble()));
        assertEquals(List.of("B", "https://b.example/", 2.5 * gb), List.of(b.get("name").asText(),
                b.get("url").asText(), b.get("limit_bytes").asDouble()));
    }

    /**
     * The summary's disk line gives sizes as Units.size does (powers of 1024, three digits), as BOINC and the window
     * do: "%.4g GB" printed "0.000 GB" for nothing and "0.0001082 GB" for a small peak. Seed-75-25's limit is its
     * 5e11 bytes free less disk_min_free_gb's 0.1 GB (107,374,182.4 bytes): 499,892,625,817.6 bytes, / 2^30 =
     * 465.56, "466 GB"; nothing was written, so the peak is "0 bytes".
     */
    @Test
    void theDiskLineGivesSizesAsTheWindowDoes() {
        assertEquals(0, run("emulate", SCENARIO, "--days", "1"), err.toString());

        assertTrue(out.toString().contains("  disk: limit 466 GB (set by disk_min_free_gb), peak use 0 bytes, 0 files "
                + "deleted to make room, 0.0 h suspended for disk, worst excess after a poll 0 bytes\n"),
                out.toString());
    }

    /**
     * The JSON carries what the summary says in words: the projects left out of the figures and each note from
     * reading, the same as the text's "Note:" lines (michaelzhye-4cpu-3proj: only SETI@home has an application here).
     */
    @Test
    void jsonCarriesTheNotesAndTheProjectsLeftOut() throws Exception {
        String host = "src/test/resources/corpus/client_state/michaelzhye-4cpu-3proj.xml";
        assertEquals(0, run("emulate", host, "--days", "0.1"), err.toString());
        List<String> noteLines = out.toString().lines().filter(l -> l.startsWith("Note: "))
                .map(l -> l.substring("Note: ".length())).toList();
        out.getBuffer().setLength(0);

        assertEquals(0, run("emulate", host, "--days", "0.1", "--json"), err.toString());
        JsonNode j = new ObjectMapper().readTree(out.toString());

        List<String> notes = new java.util.ArrayList<>();
        j.get("notes").forEach(n -> notes.add(n.asText()));
        assertFalse(notes.isEmpty());
        assertEquals(noteLines, notes);
        List<String> left = new java.util.ArrayList<>();
        j.get("not_emulated").forEach(n -> left.add(n.asText()));
        assertEquals(2, left.size(), left.toString());
        assertFalse(left.contains("SETI@home"));
        // Plain names, for scripts: the reasons are the text's (" (no application it can run here)").
        assertTrue(left.stream().noneMatch(n -> n.contains(" (")), left.toString());
    }

    @Test
    void fetchPolicyIsChosenByNameAndTheDefaultMissesNoDeadline() throws Exception {
        // deadlines-one-cpu: 1 CPU, A's 1-hour jobs due in 6 hours, B's 10-hour jobs due in 2 days, 50/50. Seed
        // 001's urgency fetch takes more of A's work than half a CPU can finish in time; the default (seed 003
        // with deadline caps and rescue) wastes nothing.
        String scenario = "src/test/resources/scenarios/deadlines-one-cpu";
        assertEquals(0, run("emulate", scenario, "--fetch-policy", "seed001", "--json"), err.toString());
        assertEquals(0, run("emulate", scenario, "--json"), err.toString());
        List<String> lines = out.toString().lines().toList();
        double urgency = new ObjectMapper().readTree(lines.get(0)).get("wasted_fraction").asDouble();
        double standard = new ObjectMapper().readTree(lines.get(1)).get("wasted_fraction").asDouble();

        assertTrue(urgency > 0.05, "seed001 wasted " + urgency);
        assertEquals(0, standard);
        out.getBuffer().setLength(0);
        assertEquals(0, run("emulate", SCENARIO, "--days", "1", "--fetch-policy", "seed000"));
        assertTrue(out.toString().lines().findFirst().orElseThrow().contains("work fetch seed000"), out.toString());
    }

    @Test
    void unknownFetchPolicyIsOneLineError() {
        int code = run("emulate", SCENARIO, "--fetch-policy", "fastest");

        assertEquals(2, code);
        assertEquals(1, err.toString().strip().lines().count(), err.toString());
        assertTrue(err.toString().contains("--fetch-policy must be one of seed003, seed002, seed001, seed000, not fastest"),
                err.toString());
    }

    @Test
    void sameSeedGivesSameJsonExceptWallTime() throws Exception {
        run("emulate", "src/test/resources/scenarios/flaky-servers", "--days", "3", "--json", "--seed", "5");
        run("emulate", "src/test/resources/scenarios/flaky-servers", "--days", "3", "--json", "--seed", "5");
        List<String> lines = out.toString().lines().toList();
        ObjectMapper m = new ObjectMapper();
        var first = (com.fasterxml.jackson.databind.node.ObjectNode) m.readTree(lines.get(0));
        var second = (com.fasterxml.jackson.databind.node.ObjectNode) m.readTree(lines.get(1));
        first.remove("wall_seconds");
        second.remove("wall_seconds");
        assertEquals(first, second);
    }

    @Test
    void summaryNamesFiguresAndProjects() {
        int code = run("emulate", SCENARIO, "--days", "1");

        assertEquals(0, code);
        String s = out.toString();
        assertTrue(s.contains("share violation"), s);
        assertTrue(s.contains("Scenario seed-75-25: 1.00 days emulated"), s);
        assertTrue(s.lines().anyMatch(l -> l.strip().startsWith("A ")), s);
        // RPCs per job is BOINC's RPCs / (2 x jobs), and the line shows the sum it is.
        Matcher m = Pattern.compile("RPCs per job +(\\d+\\.\\d{4}) +(\\d+) RPCs / "
                + "\\(2 x (\\d+) jobs sent by the servers\\), as BOINC counts it; \\d+ failed attempts").matcher(s);
        assertTrue(m.find(), s);
        assertEquals(Integer.parseInt(m.group(2)) / (2.0 * Integer.parseInt(m.group(3))),
                Double.parseDouble(m.group(1)), 5e-5);
    }

    /**
     * Raffael's host: 20 CPUs of 1 GFLOPS beside a GPU of 29,700 GFLOPS peak for which no project has an app. Counted
     * over every processor, as BOINC's emulator does, nearly all of it idles; over those some project can use, none
     * does: both figures are printed, so the first does not look like a fault.
     */
    @Test
    void summaryGivesTheIdleOfTheUsableProcessorsWhenItDiffers() {
        int code = run("emulate", "src/test/resources/corpus/client_state/raffael-gb10-20cpu-cuda-einstein-milkyway.xml",
                "--days", "0.5");

        assertEquals(0, code, err.toString());
        List<String> lines = out.toString().lines().map(String::strip).toList();
        assertTrue(lines.stream().anyMatch(l -> l.matches("idle fraction +0\\.99\\d\\d +capacity unused while "
                + "computing was allowed, counting processors no project has an application for \\(BOINC's figure\\)")),
                out::toString);
        assertTrue(lines.stream().anyMatch(l -> l.matches("usable idle +0\\.0000 +the same over the processors some "
                + "project has an application for")), out::toString);
        out.getBuffer().setLength(0);
        assertEquals(0, run("emulate", SCENARIO, "--days", "1"));
        assertFalse(out.toString().contains("usable idle"), "where some project can use every processor, the idle "
                + "fraction is printed once");
        assertFalse(out.toString().contains("counting processors"), out::toString);
    }

    /**
     * A host with no project (jstateson's file lists none): no processor is usable and no project waits, so the
     * usable idle and the monotony are n/a (null in JSON), not 0, which would say every usable processor worked.
     */
    @Test
    void withNoProjectTheUsableIdleAndTheMonotonyAreNotApplicable() throws Exception {
        String file = "src/test/resources/corpus/client_state/jstateson-i7-2xgtx1060.xml";
        assertEquals(0, run("emulate", file, "--days", "0.5"), err.toString());
        List<String> lines = out.toString().lines().map(String::strip).toList();
        assertTrue(lines.stream().anyMatch(l -> l.matches("usable idle +n/a .*")), out::toString);
        assertTrue(lines.stream().anyMatch(l -> l.matches("monotony +n/a .*")), out::toString);
        out.getBuffer().setLength(0);
        assertEquals(0, run("emulate", file, "--days", "0.5", "--json"), err.toString());
        assertTrue(out.toString().contains("\"usable_idle_fraction\":null"), out::toString);
        assertTrue(out.toString().contains("\"monotony\":null"), out::toString);
    }

    @Test
    void summaryGivesEachProjectsFairPartOfTheHostBesideItsShare() throws Exception {
        // 1 CPU of 1 GFLOPS and a GPU counted at 0.2 x 10 = 2 GFLOPS (3 in all). A (100) has CPU and GPU apps, B
        // (100) only a CPU app: both have a 50 % share, but A's GPU tasks take 0.1 CPU each, so B can have at most
        // the CPU's other 0.9 of 3 (30.00 %), and A's fair part on this host is the other 70.00 %.
        Host host = new Host("h", "", 1, 1e9, 8e9, 1e12, 5e11,
                List.of(new Coprocessor(ResourceType.NVIDIA, 1, 1e10, "", false)));
        Scenario sc = new ScenarioBuilder(host).project("A", 100).cpuApp("a1", 3600, 86400)
                .gpuApp("a_gpu", ResourceType.NVIDIA, 0.1, 3600, 86400).project("B", 100).cpuApp("b1", 3600, 86400)
                .build("gpu host");
        Path dir = tmp.resolve("gpu-host");
        Files.createDirectories(dir);
        Files.writeString(dir.resolve("client_state.xml"), ClientStateWriter.write(
                new Checkpoint(sc, sc.initialState().copy(), sc.startTime(), 1, sc.history()), ""));

        int code = run("emulate", dir.toString(), "--days", "0.5");

        assertEquals(0, code, err.toString());
        List<String> lines = out.toString().lines().map(String::strip).toList();
        assertTrue(lines.stream().anyMatch(l -> l.matches("A +100 +50\\.00% +70\\.00% .*")), out::toString);
        assertTrue(lines.stream().anyMatch(l -> l.matches("B +100 +50\\.00% +30\\.00% .*")), out::toString);
        assertTrue(lines.stream().anyMatch(l -> l.matches("project +share +share % +target +got .*")), out::toString);
    }

    /**
     * A state the window saved three days into an emulation carries its figures' sums; the command line reports only
     * the days it emulates, as BOINC's emulator does: the same figures as from a state saved without them.
     */
    @Test
    void aSavedStatesPastFiguresAreNotCountedInTheReport() throws Exception {
        Scenario sc = new ScenarioReader().read(Path.of(SCENARIO));
        Emulation e = new Emulation(sc, 1, x -> { });
        e.advanceTo(sc.startTime() + 3 * 86400);
        Checkpoint withFigures = e.checkpoint();
        assertTrue(withFigures.figures().rpcs() > 0);
        Checkpoint without = new Checkpoint(withFigures.scenario(), withFigures.state(), withFigures.time(),
                withFigures.seed(), withFigures.history());
        Path a = tmp.resolve("with");
        Path b = tmp.resolve("without");
        Files.createDirectories(a);
        Files.createDirectories(b);
        Files.writeString(a.resolve("client_state.xml"), ClientStateWriter.write(withFigures, ""));
        Files.writeString(b.resolve("client_state.xml"), ClientStateWriter.write(without, ""));

        assertEquals(0, run("emulate", a.toString(), "--days", "1", "--json"), err.toString());
        String withReport = out.toString().strip();
        out.getBuffer().setLength(0);
        assertEquals(0, run("emulate", b.toString(), "--days", "1", "--json"), err.toString());
        String withoutReport = out.toString().strip();

        JsonNode j = new ObjectMapper().readTree(withReport);
        JsonNode k = new ObjectMapper().readTree(withoutReport);
        for (String key : List.of("rpcs", "jobs", "share_violation", "idle_fraction", "monotony")) {
            assertEquals(k.get(key).asDouble(), j.get(key).asDouble(), 0, key);
        }
    }

    /**
     * A real state with three projects, two of which have no application for the host and so no server to emulate:
     * the table says they are left out of the figures, and the disk line names the preference that set the limit.
     */
    @Test
    void projectsLeftOutOfTheFiguresAndTheDiskPreferenceAreNamed() throws Exception {
        int code = run("emulate", "src/test/resources/corpus/client_state/michaelzhye-4cpu-3proj.xml", "--days",
                "0.5");

        assertEquals(0, code, err.toString());
        List<String> lines = out.toString().lines().map(String::strip).toList();
        // Each says why, as its reading note does: neither has an application in the file yet (it blamed a missing
        // server, then "no application it can run here", which sent volunteers looking for a platform mismatch).
        assertTrue(lines.contains("Not emulated, so left out of the figures: CAS@home (no application in the file "
                + "yet), http://milkyway.cs.rpi.edu/milkyway/ (no application in the file yet)"), out::toString);
        assertTrue(lines.stream().anyMatch(l -> l.startsWith("disk: limit ") && l.contains("(set by disk_min_free_gb)")),
                out::toString);
    }

    /**
     * A project whose GPU versions cc_config.xml's exclude_gpu leaves out has none it can run: it is left out for
     * that, not for want of a server, and check-state does not say it has no application "yet" (gpu-sharing: Pulsar
     * Hunt's only version is for the NVIDIA GPU).
     */
    @Test
    void aProjectLeftWithoutApplicationsByExcludeGpuIsSaidSo() throws Exception {
        Path folder = tmp.resolve("excluded");
        Files.createDirectories(folder);
        Files.copy(Path.of("assets/scenarios/gpu-sharing/client_state.xml"), folder.resolve("client_state.xml"));
        Files.writeString(folder.resolve("cc_config.xml"), "<cc_config><options><exclude_gpu><url>"
                + "http://pulsar.example/</url><type>NVIDIA</type></exclude_gpu></options></cc_config>\n");

        assertEquals(0, run("emulate", folder.toString(), "--days", "0.5"), err.toString());
        assertTrue(out.toString().lines().map(String::strip).toList().contains(
                "Not emulated, so left out of the figures: Pulsar Hunt (no application it can run here)"),
                out::toString);
        out.getBuffer().setLength(0);
        assertEquals(0, run("check-state", folder.toString()), err.toString());
        assertTrue(out.toString().contains("Pulsar Hunt <http://pulsar.example/>: resource share 100 = 50.0 %; no "
                + "application it can run here"), out::toString);
    }

    @Test
    void outWritesTimelineAndEventLog() throws Exception {
        Path dir = tmp.resolve("run");
        int code = run("emulate", SCENARIO, "--days", "1", "--out", dir.toString());

        assertEquals(0, code, err.toString());
        List<String> timeline = Files.readAllLines(dir.resolve("timeline.csv"));
        assertEquals("time,elapsed_s,event,project,task,resource,reason,detail", timeline.get(0));
        assertTrue(timeline.stream().anyMatch(l -> l.contains(",TASK_STARTED,A,") && l.contains(",CPU,")));
        assertTrue(timeline.stream().anyMatch(l -> l.contains(",RPC_SENT,B,")));
        assertTrue(timeline.stream().anyMatch(l -> l.contains(",TASK_COMPLETED,")));
        assertTrue(Files.readString(dir.resolve("events.log")).contains("DEBT_CHANGED"));
    }

    @Test
    void missingScenarioExitsWithCodeTwoAndOneLine() {
        int code = run("emulate", tmp.resolve("absent").toString());

        assertEquals(2, code);
        assertEquals(1, err.toString().strip().lines().count(), err.toString());
        assertTrue(err.toString().contains("absent"), err.toString());
        assertEquals("", out.toString());
    }

    @Test
    void malformedScenarioExitsWithCodeTwoNamingFileAndLine() throws Exception {
        Path f = Files.writeString(tmp.resolve("client_state.xml"), "<client_state>\n<host_info>\n<p_ncpus>2");

        int code = run("emulate", f.toString());

        assertEquals(2, code);
        String line = err.toString().strip();
        assertEquals(1, line.lines().count(), line);
        assertTrue(line.startsWith("cruncher: " + f + ":"), line);
        assertTrue(!line.contains("Exception") && !line.contains("\tat "), line);
    }

    @Test
    void badOptionIsAUsageErrorWithCodeTwo() {
        assertEquals(2, run("emulate", SCENARIO, "--days", "many"));
    }

    @Test
    void zeroDaysIsRefusedWithAMessageThatDoesNotContradictItself() {
        assertEquals(2, run("emulate", SCENARIO, "--days", "0"));
        assertEquals("cruncher: --days must be more than 0 and at most 36500, not 0", err.toString().strip());
    }

    @Test
    void anOutFolderThatCannotBeMadeIsOneLineNamingItAndWhy() throws Exception {
        // --out names a folder inside a plain file: it cannot be created, and nothing is emulated in vain.
        Path file = Files.writeString(tmp.resolve("a-file"), "x");
        Path out = file.resolve("run");

        int code = run("emulate", SCENARIO, "--days", "1", "--out", out.toString());

        assertEquals(2, code);
        String line = err.toString().strip();
        assertEquals(1, line.lines().count(), line);
        assertTrue(line.startsWith("cruncher: " + out + ": --out cannot be written: "), line);
        assertTrue(!line.contains("Exception") && !line.contains("\tat "), line);
        assertEquals("x", Files.readString(file));
    }
}
