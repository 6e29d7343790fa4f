package org.cruncher.persist;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.cruncher.emulator.DiskFigures;
import org.cruncher.emulator.Emulation;
import org.cruncher.emulator.JobSpec;
import org.cruncher.emulator.Scenario;
import org.cruncher.emulator.ServerSpec;
import org.cruncher.engine.api.DeletionView;
import org.cruncher.engine.api.EngineCommand;
import org.cruncher.engine.api.EngineEvent;
import org.cruncher.engine.api.EventKind;
import org.cruncher.engine.api.TaskCounts;
import org.cruncher.engine.model.ActiveTask;
import org.cruncher.engine.model.ClientState;
import org.cruncher.engine.model.DeletionPolicy;
import org.cruncher.engine.model.FileInfo;
import org.cruncher.engine.model.FileRole;
import org.cruncher.engine.model.Project;
import org.cruncher.engine.model.Result;

/** The scenario format's disk extensions (seed 004), read from assets/scenarios/disk-75-25 and small files. */
class ScenarioDiskTest {

    private static final Path DISK_SCENARIO = Path.of("assets/scenarios/disk-75-25");
    private static final double GB = 1L << 30;
    private static final double START = 1700000000;

    @TempDir
    Path tmp;

    private final ScenarioReader reader = new ScenarioReader();

    @Test
    void readsHostPrefsAppsProjectsAndFiles() throws Exception {
        Scenario s = reader.read(DISK_SCENARIO);
        ClientState st = s.initialState();

        assertEquals(100 * GB, st.host().diskTotal());
        assertEquals(80 * GB, st.host().diskFree());
        assertEquals(100 * 1024 * 1024, st.coreDiskUsage());
        assertEquals(10, st.prefs().diskMaxUsedGb());
        assertEquals(90, st.prefs().diskMaxUsedPct());
        assertEquals(1, st.prefs().diskMinFreeGb());

        ServerSpec a = s.servers().get(0);
        assertTrue(a.deleteFromSelf());
        assertEquals(DeletionPolicy.LRU, a.deletionPolicy());
        JobSpec a1 = a.apps().get(0);
        assertEquals(GB, a1.inputBytes());
        assertEquals(100 * 1024 * 1024, a1.outputBytes());
        assertEquals(GB / 2, a1.stickyBytes());
        assertEquals(3, a1.priority());
        assertEquals(7, a1.expDays());
        ServerSpec b = s.servers().get(1);
        assertFalse(b.deleteFromSelf());
        assertEquals(new DeletionPolicy(false, true), b.deletionPolicy());
        Project pb = st.project("http://b.example/").orElseThrow();
        assertEquals(new DeletionPolicy(false, true), pb.deletionPolicy());
    }

    @Test
    void filesBelongToTheProjectTheyFollowOrName() throws Exception {
        ClientState st = reader.read(DISK_SCENARIO).initialState();

        // Four files follow B; b_z_expired comes after everything but names B.
        List<String> names = st.files().filesOf("http://b.example/").stream().map(FileInfo::name).toList();
        assertEquals(List.of("b_0", "b_keep", "b_1", "b1_queued_in", "b_z_expired"), names);
        assertTrue(st.files().filesOf("http://a.example/").isEmpty());
        FileInfo keep = st.files().get("http://b.example/", "b_keep").orElseThrow();
        assertEquals(FileRole.DATA, keep.role());
        assertEquals(5, keep.priority());
        assertTrue(keep.sticky() && keep.present());
        assertEquals(START + 60 * 86400, keep.expiry(), "60 days after the start by default");
        assertEquals(START, st.files().get("http://b.example/", "b_z_expired").orElseThrow().expiry());
        // The queued result's workunit refers to b1_queued_in: an input, and the result knows it.
        FileInfo in = st.files().get("http://b.example/", "b1_queued_in").orElseThrow();
        assertEquals(FileRole.INPUT, in.role());
        assertFalse(in.sticky());
        Result queued = st.results().iterator().next();
        assertEquals(List.of("b1_queued_in"), queued.inputFiles());
        // 4 x 1.5 GB + 200 MB
        assertEquals(4 * 1.5 * GB + 200 * 1024 * 1024, st.files().usage("http://b.example/"));
    }

    @Test
    void emulationKeepsUsageWithinTheLimitAndTrimsOnlyTheOffender() throws Exception {
        List<EngineEvent> events = new ArrayList<>();
        Emulation e = new Emulation(reader.read(DISK_SCENARIO), 1, events::add);
        e.advanceTo(e.startTime() + 2 * 86400);
        DiskFigures d = e.report(0).disk();

        // Limits: 10 GB binds (90 % of 100 GB is 90 GB; 80 GB free + 6.3 GB used - 1 GB is 85.3 GB).
        assertEquals(10 * GB, d.limitBytes());
        assertEquals("MAX_USED_GB", d.bindingPref());
        assertEquals(0, d.maxExcessAfterPollBytes());
        assertEquals(0, d.suspendedSeconds());
        // Projects may use 10 GB - 100 MB: A 75 % of it, B 25 %.
        double projects = 10 * GB - 100 * 1024 * 1024;
        assertEquals(0.75 * projects, d.projects().get(0).limitBytes(), 1);
        assertEquals(0.25 * projects, d.projects().get(1).limitBytes(), 1);
        // B's files went to make room for A, expired first (B's policy): b_z_expired, then b_0 and b_1 (P_LOW, in
        // arrival order); the queued result's input stayed until B's result no longer needed it.
        List<String> deleted = events.stream().filter(x -> x.kind() == EventKind.FILE_DELETED)
                .map(x -> x.project() + ":" + x.detail().split(" ")[0]).toList();
        assertEquals(List.of("B:b_z_expired", "B:b_0", "B:b_1"), deleted.subList(0, 3));
        assertFalse(deleted.contains("B:b1_queued_in"));
        assertTrue(deleted.stream().allMatch(x -> x.startsWith("B:")), deleted.toString());
    }

    /**
     * Saved and read again, the disk has the free space it had: the projects' files grew by what they grew, and the
     * space other programs take stays what it was (it was worked out again from the d_free read at first, so the
     * free space rose at each restart by what the projects had grown).
     */
    @Test
    void aSavedStateKeepsTheDisksFreeSpace() throws Exception {
        Emulation e = new Emulation(reader.read(DISK_SCENARIO), 1, ev -> { });
        e.advanceTo(e.startTime() + 86400);
        double freeNow = e.state().diskFreeNow();
        // 80 GB free at first, 6.3 GB used under a 10 GB limit: a day on, the projects' files take over 1 GB more.
        assertTrue(e.state().host().diskFree() - freeNow > 1e9, "the projects' files grew");

        Path saved = Files.writeString(tmp.resolve("client_state.xml"), ClientStateWriter.write(e.checkpoint(), ""));
        ClientState again = reader.read(saved).initialState();

        assertEquals(freeNow, again.diskFreeNow(), 1);
    }

    /**
     * A task held while computing waits for disk space (it was running when computing was suspended) is still held
     * after a restart: the status bar counted it among the preempted, the tasks it says will not run on resume. A
     * day into disk-75-25 the limit falls to 0.1 GB, under what the running tasks' files alone take: every running
     * task is held, none is preempted; saved and read again, the counts are the same.
     */
    @Test
    void aTaskHeldForDiskIsStillHeldAfterARestart() throws Exception {
        Emulation e = new Emulation(reader.read(DISK_SCENARIO), 1, ev -> { });
        e.advanceTo(e.startTime() + 86400);
        e.engine().submit(new EngineCommand.SetPrefs(e.state().prefs().withDisk(0.1, 90, 0.1)));
        e.applyCommands();
        e.advanceTo(e.startTime() + 86400 + 60);
        assertTrue(e.engine().diskSuspended());
        TaskCounts before = e.engine().snapshot(List.of(), 0, null, null).counts();
        assertTrue(before.running() > 0, "held: " + before);
        long held = e.state().activeTasks().stream().filter(ActiveTask::heldForDisk).count();
        assertEquals(before.running(), held);

        String xml = ClientStateWriter.write(e.checkpoint(), "");
        Emulation again = new Emulation(reader.read(Files.writeString(tmp.resolve("client_state.xml"), xml)), 1,
                ev -> { });
        again.advanceTo(again.startTime() + 1);

        assertTrue(again.engine().diskSuspended());
        TaskCounts after = again.engine().snapshot(List.of(), 0, null, null).counts();
        assertEquals(before.running(), after.running(), "held after the restart: " + after);
        assertEquals(before.preempted(), after.preempted());
    }

    /**
     * The files last deleted to make room come back with a saved state, newest first, as the Disk pane showed them
     * (they were lost at every restart, on the very sample whose point they are); a damaged one is left out with a
     * note.
     */
    @Test
    void theLatestDeletionsComeBackWithASavedState() throws Exception {
        Emulation e = new Emulation(reader.read(DISK_SCENARIO), 1, ev -> { });
        e.advanceTo(e.startTime() + 86400);
        List<DeletionView> before = e.engine().diskView().recentDeletions();
        assertTrue(before.size() >= 3, "B's files went to make room for A's: " + before);

        String xml = ClientStateWriter.write(e.checkpoint(), "");
        Scenario again = reader.read(Files.writeString(tmp.resolve("client_state.xml"), xml));

        assertEquals(before, again.deletions());
        assertEquals(before, new Emulation(again, 1, ev -> { }).engine().diskView().recentDeletions());

        String damaged = xml.replaceFirst("<reason>[A-Z_]+</reason>", "<reason>GREMLINS</reason>");
        Scenario partly = reader.read(Files.writeString(tmp.resolve("client_state.xml"), damaged));
        assertEquals(before.subList(1, before.size()), partly.deletions());
        assertTrue(partly.notes().contains("client_state.xml <recent_deletions>: 1 saved deletion was not "
                + "understood and left out"),
                partly.notes().toString());
    }

    private Path write(String xml) throws IOException {
        Path f = tmp.resolve("client_state.xml");
        Files.writeString(f, xml);
        return f;
    }

    private static String state(String afterProject) {
        return "<client_state>\n<host_info><p_ncpus>1</p_ncpus><d_total>1e11</d_total><d_free>5e10</d_free>"
                + "</host_info>\n<project><master_url>http://a/</master_url><project_name>A</project_name></project>\n"
                + afterProject + "\n</client_state>";
    }

    /**
     * A client's own state gives no file sizes for its apps' jobs: they are the average of its tasks', as their run
     * times and deadlines are, so that new jobs bring files and the Disk pane's figures move (they stood still, or
     * fell as the file's tasks were done). raffael's 19 Einstein@Home tasks, counted from the file by hand: their
     * workunits' inputs not sticky come to 33,133,378 bytes, 1,743,862 each; their outputs, not yet written, at
     * max_nbytes 6,000,000 each.
     */
    @Test
    void aClientsJobsBringFilesOfTheSizeItsTasksHad() throws Exception {
        Scenario s = reader.read(Path.of(
                "src/test/resources/corpus/client_state/raffael-gb10-20cpu-cuda-einstein-milkyway.xml"));
        JobSpec brp4 = s.servers().stream().filter(x -> x.projectUrl().startsWith("https://einstein"))
                .flatMap(x -> x.apps().stream()).filter(j -> j.appName().equals("einsteinbinary_BRP4")).findFirst()
                .orElseThrow();
        assertEquals(1_743_862, brp4.inputBytes(), 1e-6);
        assertEquals(6_000_000, brp4.outputBytes(), 1e-6);
        assertTrue(s.notes().contains("Einstein@Home, einsteinbinary_BRP4: each job's files taken as 1.66 MB in and "
                + "5.72 MB out, the average of its 19 tasks in the file"), s.notes()::toString);
        // A scenario's own figures stay as they are: disk-75-25's a1 sends 1 GB in (the first test).
        assertEquals(GB, reader.read(DISK_SCENARIO).servers().get(0).apps().get(0).inputBytes());
    }

    @Test
    void boincsOwnDiskFiguresAreNotedWhereTheyDifferFromSeed004s() throws Exception {
        // "Use no more than 10 GB" binds (10 x 2^30 of a 1 TB disk with 500 GB free): A, the only project with
        // files, is worked out at its 1 GB file of a 10 GB share. The file says BOINC measured 512 MB of an 8 GB
        // share: both differ by more than 5 %, so one note says the two.
        Files.writeString(tmp.resolve("global_prefs_override.xml"), "<global_preferences><disk_max_used_gb>10"
                + "</disk_max_used_gb><disk_max_used_pct>100</disk_max_used_pct><disk_min_free_gb>0"
                + "</disk_min_free_gb></global_preferences>");
        Path f = write(disk(1 << 29, 8 * GB));
        List<String> notes = reader.read(f).notes();
        assertTrue(notes.contains("<disk_usage> and <disk_share> in client_state.xml are BOINC's figures from when "
                + "it saved the file: Cruncher works them out again from the files the state lists (outputs at their "
                + "largest), the disk preferences and the disk's free space now, at each disk check as BOINC does; a "
                + "share is the project's part of the resource shares (seed 004), where today's BOINC adds a tenth of "
                + "the largest share to each, so that a backup project gets some room. Cruncher's figures: A 1 GB of "
                + "a 10 GB share (BOINC: 512 MB of 8 GB)"), notes.toString());

        // 1.02 GB of 10 GB: within 5 % of Cruncher's figures, a rounding, not a difference worth a note.
        f = write(disk(1.02 * GB, 10 * GB));
        assertTrue(reader.read(f).notes().stream().noneMatch(n -> n.contains("<disk_usage>")));
        // Both 0: BOINC had not worked them out yet; nothing to compare.
        f = write(disk(0, 0));
        assertTrue(reader.read(f).notes().stream().noneMatch(n -> n.contains("<disk_usage>")));
    }

    @Test
    void theDiskFiguresNoteNamesThreeProjectsAndCountsTheRest() throws Exception {
        // Five projects with no files, each saved with 1 MB used: Cruncher counts 0 bytes for each, so all five
        // differ; three are named, two counted. The shares (BOINC's default disk preferences) are not the point here.
        StringBuilder xml = new StringBuilder("<client_state>\n<host_info><p_ncpus>1</p_ncpus><d_total>1e11"
                + "</d_total><d_free>5e10</d_free></host_info>\n");
        for (char c = 'A'; c <= 'E'; c++) {
            xml.append("<project><master_url>http://").append(c).append("/</master_url><project_name>").append(c)
                    .append("</project_name><disk_usage>1048576</disk_usage></project>\n");
        }
        String note = reader.read(write(xml + "</client_state>")).notes().stream()
                .filter(n -> n.contains("<disk_usage>")).findFirst().orElseThrow();
        assertTrue(note.contains("Cruncher's figures: A 0 bytes of a "), note);
        assertTrue(note.contains("; C 0 bytes of a "), note);
        assertFalse(note.contains("; D "), note);
        assertTrue(note.contains("(BOINC: 1 MB of "), note);
        assertTrue(note.endsWith("); and 2 more"), note);
    }

    private static String disk(double usage, double share) {
        return "<client_state>\n<host_info><p_ncpus>1</p_ncpus><d_total>1e12</d_total><d_free>5e11</d_free>"
                + "</host_info>\n<project><master_url>http://a/</master_url><project_name>A</project_name>"
                + "<disk_usage>" + usage + "</disk_usage><disk_share>" + share + "</disk_share></project>\n"
                + "<file><name>x</name><nbytes>" + GB + "</nbytes></file>\n</client_state>";
    }

    @Test
    void fileRefsInterleavedWithOtherElementsAreAllKept() throws Exception {
        // Jackson's unwrapped lists: file_refs split by other elements must all be read, in order.
        Path f = write(state("<app><name>a1</name></app>\n"
                + "<file><name>x</name><nbytes>10</nbytes></file><file><name>y</name><nbytes>20</nbytes></file>\n"
                + "<app_version><app_name>a1</app_name><version_num>1</version_num></app_version>\n"
                + "<workunit><name>w</name><app_name>a1</app_name><file_ref><file_name>x</file_name></file_ref>"
                + "<rsc_fpops_est>1e12</rsc_fpops_est><file_ref><file_name>y</file_name></file_ref>"
                + "<priority>4</priority><exp_days>3</exp_days></workunit>\n"
                + "<result><name>w_0</name><wu_name>w</wu_name><version_num>1</version_num><state>2</state>"
                + "</result>"));
        ClientState st = reader.read(f).initialState();

        Result r = st.results().iterator().next();
        assertEquals(List.of("x", "y"), r.inputFiles());
        FileInfo y = st.files().get("http://a/", "y").orElseThrow();
        assertEquals(FileRole.INPUT, y.role());
        assertEquals(4, y.priority(), "the workunit's priority applies to its files");
    }

    @Test
    void refusesAFileNameThatCouldLeaveTheProjectFolder() throws Exception {
        Path f = write(state("<file><name>../../etc/passwd</name><nbytes>10</nbytes></file>"));

        InputProblem e = assertThrows(InputProblem.class, () -> reader.read(f));
        assertTrue(e.getMessage().contains("could reach outside the project's folder"), e.getMessage());
        assertEquals(4, e.line());
    }

    @Test
    void refusesAFileOfAnUnknownProjectAndAnImpossiblePriority() throws Exception {
        InputProblem unknown = assertThrows(InputProblem.class, () -> reader.read(write(state(
                "<file><project_url>http://nowhere/</project_url><name>x</name><nbytes>1</nbytes></file>"))));
        assertTrue(unknown.getMessage().contains("names project http://nowhere/"), unknown.getMessage());

        InputProblem priority = assertThrows(InputProblem.class, () -> reader.read(write(state(
                "<file><name>x</name><nbytes>1</nbytes><priority>9</priority></file>"))));
        assertTrue(priority.getMessage().contains("priority must be from 1 to 5"), priority.getMessage());
    }
}
