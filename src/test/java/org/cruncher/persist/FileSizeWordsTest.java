package org.cruncher.persist;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** Sizes said in megabytes (1024 × 1024 bytes), and what to do when a file does not fit in memory. */
class FileSizeWordsTest {

    private static final long MB = 1024L * 1024;

    @Test
    void theSizeCapIsSaidInMegabytes() {
        // 300,000,000 / 1,048,576 = 286.102 MB, rounded up to a tenth: 286.2. The cap, 256 MB, is exact.
        assertEquals("is 286.2 MB; files over 256 MB are not read",
                FileSizeWords.overTheCap(300_000_000L, XmlInput.MAX_FILE_BYTES));
    }

    @Test
    void aFileJustOverTheCapDoesNotReadAsTheCap() {
        // One byte over 256 MB is 256.000001 MB: rounded up, 256.1.
        assertEquals("256.1 MB", FileSizeWords.megabytes(256 * MB + 1));
        assertEquals("256 MB", FileSizeWords.megabytes(256 * MB));
    }

    @Test
    void aFileTooLargeForTheHeapSaysHowMuchJavaHasAndSuggestsMore() {
        // A 200 MB file takes about 8 × 200 = 1600 MB to read: 1.56 GB, so 2 GB is suggested; Java has 512 MB.
        assertEquals("too large to read in the memory Java has (512 MB); give it more, for example with the "
                + "environment variable JAVA_TOOL_OPTIONS=-Xmx2g",
                FileSizeWords.tooLargeForMemory(200 * MB, 512 * MB));
    }

    @Test
    void theSuggestionIsAlwaysMoreThanJavaHas() {
        // A 10 MB file would need 80 MB, but Java already has 4 GB and failed: 4 GB and one byte rounds up to 5 GB.
        assertEquals("too large to read in the memory Java has (4096 MB); give it more, for example with the "
                + "environment variable JAVA_TOOL_OPTIONS=-Xmx5g",
                FileSizeWords.tooLargeForMemory(10 * MB, 4096 * MB));
    }
}
