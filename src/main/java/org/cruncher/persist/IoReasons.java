package org.cruncher.persist;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.InvalidPathException;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.util.Locale;

/**
 * Why a file operation failed, in words: Java's file exceptions carry the path as their message ("/proc/nope") and
 * the cause only in their type, so a one-line error would otherwise repeat the path and leave out the cause.
 */
public final class IoReasons {

    private IoReasons() {
    }

    /**
     * Why a path typed on the command line cannot be used, in one line: Java reads file names in the locale's
     * character set, so under LC_ALL=C a name with "ü" in it reads as "??" and cannot be a path at all (QA: the raw
     * "Malformed input or input contains unmappable characters").
     */
    public static String unusablePath(InvalidPathException e) {
        String reason = String.valueOf(e.getReason());
        if (!reason.contains("unmappable") && !reason.contains("Malformed")) {
            return "cannot use the path " + e.getInput().replace("\0", "\\0") + ": "
                    + reason.toLowerCase(Locale.ROOT);
        }
        String charset = System.getProperty("sun.jnu.encoding", "");
        return "cannot use the path " + e.getInput() + ": it has characters this system's locale cannot write"
                + (charset.isEmpty() ? "" : " (file names are read as " + charset + ")")
                + "; start Cruncher with a UTF-8 locale, such as LC_ALL=C.UTF-8";
    }

    /** The InvalidPathException among {@code e} and its causes, or null. */
    public static InvalidPathException invalidPath(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof InvalidPathException ip) {
                return ip;
            }
        }
        return null;
    }

    /** "no such file or folder", "permission denied", "a file is in the way"... */
    public static String of(IOException e) {
        if (e instanceof NoSuchFileException) {
            return "no such file or folder";
        }
        if (e instanceof AccessDeniedException) {
            return "permission denied";
        }
        if (e instanceof FileAlreadyExistsException) {
            return "a file is in the way";
        }
        if (e instanceof NotDirectoryException) {
            return "not a folder";
        }
        if (e instanceof DirectoryNotEmptyException) {
            return "the folder is not empty";
        }
        if (e instanceof FileSystemException fs && fs.getReason() != null) {
            return fs.getReason().toLowerCase(Locale.ROOT);
        }
        return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    }
}
