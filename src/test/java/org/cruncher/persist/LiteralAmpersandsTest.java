package org.cruncher.persist;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** Bare ampersands (BOINC writes names unescaped) are made literal, except inside CDATA, where they already are. */
class LiteralAmpersandsTest {

    @Test
    void aBareAmpersandIsMadeLiteralAndAnEntityIsLeftAlone() {
        assertEquals("<n>R&amp;D &amp; &lt;x&gt; &#38;</n>",
                XmlInput.literalAmpersands("<n>R&D & &lt;x&gt; &#38;</n>"));
    }

    /** "x&y" in CDATA was read as "x&amp;y", and a reply acknowledged "x&amp;amp;y". */
    @Test
    void anAmpersandInsideCdataIsLeftAsItIs() {
        assertEquals("<a>a&amp;b</a><n><![CDATA[x&y]]></n><b>c&amp;d<![CDATA[&]]></b>",
                XmlInput.literalAmpersands("<a>a&b</a><n><![CDATA[x&y]]></n><b>c&d<![CDATA[&]]></b>"));
    }

    @Test
    void anUnclosedCdataRunsToTheEnd() {
        assertEquals("<a>&amp;</a><![CDATA[&", XmlInput.literalAmpersands("<a>&</a><![CDATA[&"));
    }
}
