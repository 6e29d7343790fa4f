package org.cruncher.persist;

import java.util.Locale;

/**
 * What is said of a file too large to read, in megabytes: a volunteer thinks of a 200 MB file, not of 209,715,200
 * bytes. A megabyte is 1024 × 1024 bytes, as BOINC and {@code Units.size} count it.
 */
final class FileSizeWords {

    private static final double MB = 1024.0 * 1024;
    private static final double GB = MB * 1024;

    /**
     * About how many times its size reading a file takes at once: the bytes, the decoded text (up to two bytes a
     * character), the text with its ampersands made literal, and the parser's buffers and the values read.
     */
    static final int MEMORY_PER_FILE_BYTE = 8;

    private FileSizeWords() {
    }

    /** Why a file over the size cap is not read: "is 300.1 MB; files over 256 MB are not read". */
    static String overTheCap(long bytes, long capBytes) {
        return "is " + megabytes(bytes) + "; files over " + megabytes(capBytes) + " are not read";
    }

    /**
     * Why a file under the cap could not be read after all, and what to do: "too large to read in the memory Java
     * has (512 MB); give it more, for example with the environment variable JAVA_TOOL_OPTIONS=-Xmx2g". The
     * suggestion is {@link #MEMORY_PER_FILE_BYTE} times the file, in whole gigabytes, and more than Java has now.
     */
    static String tooLargeForMemory(long fileBytes, long maxHeapBytes) {
        long gb = (long) Math.ceil(Math.max(MEMORY_PER_FILE_BYTE * (double) fileBytes, maxHeapBytes + 1) / GB);
        return "too large to read in the memory Java has (" + megabytes(maxHeapBytes) + "); give it more, for "
                + "example with the environment variable JAVA_TOOL_OPTIONS=-Xmx" + gb + "g";
    }

    /**
     * Bytes as megabytes, rounded up to a tenth so that a file just over a cap never reads as the cap itself:
     * 268,435,457 bytes is "256.1 MB", 268,435,456 "256 MB".
     */
    static String megabytes(long bytes) {
        double tenths = Math.ceil(bytes / MB * 10);
        return (tenths % 10 == 0 ? String.format(Locale.ROOT, "%.0f", tenths / 10)
                : String.format(Locale.ROOT, "%.1f", tenths / 10)) + " MB";
    }
}
