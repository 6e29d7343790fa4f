package org.cruncher.gui.text;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** Numbers as the window writes them. */
class FormatTest {

    @Test
    void aResourceShareShowsAsTypedWithoutRoundingItsWholePart() {
        // 12.5 stays 12.5 (it showed as "13"); 12345 stays whole (four significant digits made it "12350"); a tiny
        // share is not shown as 0, which would read as a backup project.
        assertEquals("100", Format.share(100));
        assertEquals("12.5", Format.share(12.5));
        assertEquals("12345", Format.share(12345));
        assertEquals("0.0004", Format.share(0.0004));
        assertEquals("0", Format.share(0));
        // Below a millionth, six decimals would round to 0: 0.0000001 keeps its digit.
        assertEquals("0.0000001", Format.share(1e-7));
        assertEquals("0.000000456", Format.share(4.56e-7));
    }
}
