package org.cruncher.engine.model;

import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The files the client keeps, per project in arrival order, with each project's usage (seed 004's project->size)
 * kept up to date. Sizes are whole bytes, so sums are exact.
 */
public final class FileTable {

    private final Map<String, Map<String, FileInfo>> byProject = new LinkedHashMap<>();
    private final Map<String, Long> usage = new HashMap<>();
    private long total;
    private long version;

    /** Adds {@code file}; a file of the same project and name must not be there yet. */
    public void add(FileInfo file) {
        Map<String, FileInfo> own = byProject.computeIfAbsent(file.projectUrl(), u -> new LinkedHashMap<>());
        if (own.putIfAbsent(file.name(), file) != null) {
            throw new IllegalArgumentException("file " + file.name() + " of " + file.projectUrl() + " is there twice");
        }
        usage.merge(file.projectUrl(), file.nbytes(), Long::sum);
        total += file.nbytes();
        version++;
    }

    /** Removes {@code file} if it is there. */
    public boolean remove(FileInfo file) {
        Map<String, FileInfo> own = byProject.get(file.projectUrl());
        if (own == null || own.get(file.name()) != file) {
            return false;
        }
        own.remove(file.name());
        usage.merge(file.projectUrl(), -file.nbytes(), Long::sum);
        total -= file.nbytes();
        version++;
        return true;
    }

    public Optional<FileInfo> get(String projectUrl, String name) {
        Map<String, FileInfo> own = byProject.get(projectUrl);
        return Optional.ofNullable(own == null ? null : own.get(name));
    }

    /** The project's files in arrival order (a read-only view). */
    public Collection<FileInfo> filesOf(String projectUrl) {
        Map<String, FileInfo> own = byProject.get(projectUrl);
        return own == null ? List.of() : Collections.unmodifiableCollection(own.values());
    }

    /** Bytes the project's files take (reserved outputs included). */
    public long usage(String projectUrl) {
        return usage.getOrDefault(projectUrl, 0L);
    }

    /** Bytes all projects' files take. */
    public long totalUsage() {
        return total;
    }

    public int count() {
        int n = 0;
        for (Map<String, FileInfo> own : byProject.values()) {
            n += own.size();
        }
        return n;
    }

    /** Grows by one with every file added or removed: a cheap way to see that something changed. */
    public long version() {
        return version;
    }

    public FileTable copy() {
        FileTable c = new FileTable();
        for (Map<String, FileInfo> own : byProject.values()) {
            for (FileInfo f : own.values()) {
                c.add(f.copy());
            }
        }
        c.version = version;
        return c;
    }
}
