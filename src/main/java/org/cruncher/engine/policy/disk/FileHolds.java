package org.cruncher.engine.policy.disk;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.cruncher.engine.api.FileHold;
import org.cruncher.engine.model.ClientState;
import org.cruncher.engine.model.FileInfo;
import org.cruncher.engine.model.FileRole;
import org.cruncher.engine.model.Project;
import org.cruncher.engine.model.Result;

/**
 * What keeps each file on the disk (seed 004: files "part of a computation" or of results awaiting the server's
 * acknowledgement are never deleted). A result holds its input and output files: as a running task if it has
 * started (running or preempted), as an unreported result once it has finished, as a queued result before. An app
 * version's files are always held. A file held by several results takes the strongest hold, in that order; the
 * count of results holding it is kept, so that giving one up shows whether the file is then free, and so is the
 * name of the first result holding it the strongest way, so that the Disk pane can say which task keeps it.
 */
public final class FileHolds {

    private final ClientState state;
    private final Set<String> loaded = new HashSet<>();
    private final Map<String, Map<String, FileHold>> holds = new HashMap<>();
    private final Map<String, Map<String, Integer>> counts = new HashMap<>();
    private final Map<String, Map<String, String>> holders = new HashMap<>();

    private FileHolds(ClientState state) {
        this.state = state;
    }

    /**
     * The holds of the files in {@code state}. A project's are worked out the first time one of its files is asked
     * about, so a question about one project costs only that project's results.
     */
    public static FileHolds of(ClientState state) {
        return new FileHolds(state);
    }

    private void load(String url) {
        if (loaded.add(url)) {
            state.project(url).ifPresent(this::addProject);
        }
    }

    private void addProject(Project p) {
        for (FileInfo f : state.files().filesOf(p.url())) {
            if (f.role() == FileRole.APP) {
                hold(p.url(), f.name(), FileHold.APP_VERSION);
            }
        }
        for (Result r : state.resultsOf(p)) {
            FileHold h = holdOf(state, r);
            for (List<String> names : List.of(r.inputFiles(), r.outputFiles())) {
                for (String name : names) {
                    heldBy(p.url(), name, h, r.name());
                    count(p.url(), name, 1);
                }
            }
        }
    }

    /** How {@code r} holds its files. */
    public static FileHold holdOf(ClientState state, Result r) {
        if (state.activeTask(r).isPresent()) {
            return FileHold.RUNNING_TASK;
        }
        boolean finished = r.readyToReport() || !Double.isNaN(r.completedTime());
        return finished ? FileHold.UNREPORTED_RESULT : FileHold.QUEUED_RESULT;
    }

    private void hold(String url, String name, FileHold h) {
        holds.computeIfAbsent(url, u -> new HashMap<>()).merge(name, h, (a, b) -> a.ordinal() <= b.ordinal() ? a : b);
    }

    /** As {@link #hold(String, String, FileHold)}, by result {@code result}: kept as the holder if its hold wins. */
    private void heldBy(String url, String name, FileHold h, String result) {
        FileHold before = holds.getOrDefault(url, Map.of()).get(name);
        hold(url, name, h);
        if (before == null || h.ordinal() < before.ordinal()) {
            holders.computeIfAbsent(url, u -> new HashMap<>()).put(name, result);
        }
    }

    private void count(String url, String name, int delta) {
        counts.computeIfAbsent(url, u -> new HashMap<>()).merge(name, delta, Integer::sum);
    }

    /** What holds {@code f}; NONE if it may be deleted. */
    public FileHold hold(FileInfo f) {
        load(f.projectUrl());
        Map<String, FileHold> own = holds.get(f.projectUrl());
        return own == null ? FileHold.NONE : own.getOrDefault(f.name(), FileHold.NONE);
    }

    /**
     * The name of the result that holds {@code f} the way {@link #hold(FileInfo)} says, the first in the project's
     * order of results where several do; empty where no result holds it (an app version's file, a job arriving now).
     */
    public String holder(FileInfo f) {
        FileHold h = hold(f);
        if (h == FileHold.NONE || h == FileHold.APP_VERSION || h == FileHold.INCOMING_JOB) {
            return "";
        }
        return holders.getOrDefault(f.projectUrl(), Map.of()).getOrDefault(f.name(), "");
    }

    public boolean isHeld(FileInfo f) {
        return hold(f) != FileHold.NONE;
    }

    /** The files named are needed by a job of {@code project} arriving now: they may not be deleted to make room. */
    public void holdIncoming(Project project, List<String> names) {
        load(project.url());
        for (String name : names) {
            hold(project.url(), name, FileHold.INCOMING_JOB);
        }
    }

    /**
     * The names {@link #release} would return for {@code r} now, without releasing anything: the files of {@code r}
     * that no other result and no app version holds.
     */
    List<String> wouldFree(Result r) {
        String url = r.project().url();
        load(url);
        Map<String, Integer> own = new HashMap<>();
        for (List<String> names : List.of(r.inputFiles(), r.outputFiles())) {
            for (String name : names) {
                own.merge(name, 1, Integer::sum);
            }
        }
        Map<String, Integer> all = counts.getOrDefault(url, Map.of());
        Map<String, FileHold> held = holds.getOrDefault(url, Map.of());
        List<String> freed = new ArrayList<>();
        for (Map.Entry<String, Integer> e : own.entrySet()) {
            FileHold h = held.getOrDefault(e.getKey(), FileHold.NONE);
            if (all.getOrDefault(e.getKey(), 0) - e.getValue() <= 0 && h != FileHold.APP_VERSION
                    && h != FileHold.INCOMING_JOB) {
                freed.add(e.getKey());
            }
        }
        return freed;
    }

    /**
     * {@code r} is given up: it no longer holds its files. Returns the names of those no other result holds (and
     * that no app version holds), which are now free.
     */
    List<String> release(Result r) {
        String url = r.project().url();
        load(url);
        List<String> freed = new ArrayList<>();
        for (List<String> names : List.of(r.inputFiles(), r.outputFiles())) {
            for (String name : names) {
                count(url, name, -1);
                int left = counts.get(url).getOrDefault(name, 0);
                FileHold h = holds.get(url).getOrDefault(name, FileHold.NONE);
                if (left <= 0 && h != FileHold.APP_VERSION && h != FileHold.INCOMING_JOB) {
                    holds.get(url).remove(name);
                    freed.add(name);
                }
            }
        }
        return freed;
    }
}
