package org.cruncher.engine.model;

/** What a file is to its project, which decides what holds it on the disk. */
public enum FileRole {
    /** A job's input: downloaded with the job, needed until the job's result is gone. */
    INPUT,
    /** A job's output: its space is reserved when the job arrives, the file is written when the job ends. */
    OUTPUT,
    /** A file of an app version (executable, library): kept as long as the app version is. */
    APP,
    /** A file the project keeps on the host for its own sake (seed 004's project file storage). */
    DATA
}
