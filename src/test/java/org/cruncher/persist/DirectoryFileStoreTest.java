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
import java.util.SplittableRandom;
import java.util.function.Consumer;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.cruncher.engine.Engine;
import org.cruncher.engine.TaskControl;
import org.cruncher.engine.api.DeletionView;
import org.cruncher.engine.api.EngineCommand;
import org.cruncher.engine.model.ActiveTask;
import org.cruncher.engine.model.FileInfo;
import org.cruncher.engine.model.FileRole;
import org.cruncher.engine.model.Prefs;
import org.cruncher.engine.model.Project;
import org.cruncher.engine.model.Result;
import org.cruncher.engine.model.SchedulerState;
import org.cruncher.engine.policy.workfetch.RoundRobinFetch;
import org.cruncher.engine.rpc.MasterOutcome;
import org.cruncher.engine.rpc.RpcOutcome;
import org.cruncher.engine.rpc.SchedulerReply;
import org.cruncher.engine.rpc.SchedulerRequest;
import org.cruncher.engine.rpc.SchedulerTransport;
import org.cruncher.testing.StateBuilder;

/** The real file store on a temporary data directory: files really written and deleted, and never elsewhere. */
class DirectoryFileStoreTest {

    private static final double G = 1L << 30;

    @TempDir
    Path tmp;

    private static FileInfo file(String url, String name, double bytes) {
        return new FileInfo(url, name, FileRole.DATA, "", bytes, 1, 0, 1e12, true, true);
    }

    @Test
    void filesLiveInTheirProjectsFolderAtTheirSize() throws IOException {
        DirectoryFileStore store = new DirectoryFileStore(tmp.resolve("data"));
        FileInfo f = file("https://einstein.phys.uwm.edu/", "stochastic_full.bank", 313687);

        store.create(f);

        Path path = tmp.resolve("data/projects/einstein.phys.uwm.edu/stochastic_full.bank");
        assertTrue(Files.isRegularFile(path));
        assertEquals(313687, Files.size(path));
        store.delete(f);
        assertFalse(Files.exists(path));
        store.delete(f);
    }

    @Test
    void folderNamesFollowBoincsEscaping() {
        assertEquals("einstein.phys.uwm.edu", DirectoryFileStore.folderName("http://einstein.phys.uwm.edu/"));
        assertEquals("setiathome.berkeley.edu_sah",
                DirectoryFileStore.folderName("https://setiathome.berkeley.edu/sah/"));
        assertEquals("host_8080_p", DirectoryFileStore.folderName("http://host:8080/p"));
        assertTrue(DirectoryFileStore.folderName("http://../").startsWith("project_"), "never '..'");
    }

    @Test
    void aNameThatCouldLeaveTheDataDirectoryIsRefusedAndNothingIsWritten() throws IOException {
        DirectoryFileStore store = new DirectoryFileStore(tmp.resolve("data"));

        for (String name : List.of("..", "../escaped", "../../escaped", "sub/file", "sub\\file", "/etc/passwd",
                "bad\nname")) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> store.create(file("http://a/", name, 10)), name);
            assertTrue(e.getMessage().startsWith("refused"), e.getMessage());
            assertThrows(IllegalArgumentException.class, () -> store.delete(file("http://a/", name, 10)), name);
        }
        try (Stream<Path> all = Files.walk(tmp)) {
            assertEquals(List.of(), all.filter(Files::isRegularFile).toList(), "no file anywhere");
        }
    }

    @Test
    void aProjectFolderThatIsALinkToElsewhereIsRefused() throws IOException {
        DirectoryFileStore store = new DirectoryFileStore(tmp.resolve("data"));
        Path outside = Files.createDirectories(tmp.resolve("outside"));
        Files.createSymbolicLink(store.projectFolder("http://a/"), outside);
        Path victim = Files.writeString(outside.resolve("victim"), "keep me");

        assertThrows(IllegalArgumentException.class, () -> store.create(file("http://a/", "x", 10)));
        assertThrows(IllegalArgumentException.class, () -> store.delete(file("http://a/", "victim", 7)));
        assertFalse(Files.exists(outside.resolve("x")));
        assertEquals("keep me", Files.readString(victim));
    }

    /** Starts, resumes, preempts and aborts nothing real: the test is about files. */
    private static final class NoTasks implements TaskControl {
        @Override
        public void start(ActiveTask task) {
        }

        @Override
        public void resume(ActiveTask task) {
        }

        @Override
        public void preempt(ActiveTask task) {
        }

        @Override
        public void abort(ActiveTask task) {
        }
    }

    /** A server that acknowledges everything and sends no work. */
    private static final class NoWork implements SchedulerTransport {
        @Override
        public void send(SchedulerRequest request, Consumer<RpcOutcome> done) {
            done.accept(RpcOutcome.success(request, new SchedulerReply(0, List.of(),
                    request.reported().stream().map(r -> r.name()).toList(), List.of())));
        }

        @Override
        public void fetchMaster(String projectUrl, Consumer<MasterOutcome> done) {
            done.accept(MasterOutcome.failed(projectUrl, "none"));
        }
    }

    @Test
    void theEnginesDeletionsRemoveRealFilesInTheSeedsOrderAndKeepARunningTasksInput() throws IOException {
        // 10 GB allowed. A (75) runs a task whose 5 GiB input is on the disk; B (25) keeps b_high (P_HIGH, used at
        // 0), b_old (P_LOW, used at 10) and b_new (P_LOW, used at 20), 1 GiB each: 8 GiB in all.
        StateBuilder b = StateBuilder.cpus(1).disk(100 * G, 90 * G).prefs(Prefs.DEFAULTS.withDisk(10, 90, 0.1))
                .project("A", 75).project("B", 25);
        Result running = b.job("A", "A_cpu", 36000, 1e7);
        b.activate(running, SchedulerState.SCHEDULED);
        b.input(running, "a_in", 5 * G);
        b.file("B", "b_high", G, FileInfo.P_HIGH, 0, 0, 1e12);
        b.file("B", "b_old", G, FileInfo.P_LOW, 0, 10, 1e12);
        b.file("B", "b_new", G, FileInfo.P_LOW, 0, 20, 1e12);
        DirectoryFileStore store = new DirectoryFileStore(tmp.resolve("data"));
        List<FileInfo> all = new ArrayList<>();
        for (Project p : b.state().projects()) {
            all.addAll(b.state().files().filesOf(p.url()));
        }
        all.forEach(store::create);
        Engine e = new Engine(b.state(), new NoTasks(), new NoWork(), new RoundRobinFetch(), new SplittableRandom(1),
                null, store);
        e.poll(1000);

        // "Use no more than 6 GB": 2 GiB over. B's share is 1.5 GiB and it uses 3: it offends. Its files go lowest
        // priority first, then least recently used: b_old, then b_new; usage is then 6 GiB, within the limit, so
        // b_high stays. A's input belongs to a running task and is never a candidate.
        e.submit(new EngineCommand.SetPrefs(Prefs.DEFAULTS.withDisk(6, 90, 0.1)));
        e.poll(1010);

        List<String> deleted = e.diskView().recentDeletions().stream().map(DeletionView::fileName).toList();
        assertEquals(List.of("b_new", "b_old"), deleted, "newest first");
        Path a = store.projectFolder(b.project("A").url());
        Path bDir = store.projectFolder(b.project("B").url());
        assertTrue(Files.exists(a.resolve("a_in")));
        assertTrue(Files.exists(bDir.resolve("b_high")));
        assertFalse(Files.exists(bDir.resolve("b_old")));
        assertFalse(Files.exists(bDir.resolve("b_new")));
        assertEquals(0, e.diskExcess());
    }
}
