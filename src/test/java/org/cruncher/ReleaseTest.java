package org.cruncher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

class ReleaseTest {

    /** The release `--version` and Help > About name is the pom's, which the installers package (less -SNAPSHOT). */
    @Test
    void theReleaseNumberIsThePomsVersion() throws Exception {
        String pom = Files.readString(Path.of("pom.xml"));
        Matcher m = Pattern.compile("<artifactId>cruncher</artifactId>\\s*<version>([^<]+)</version>").matcher(pom);
        assertTrue(m.find(), "the project's own <version> in pom.xml");
        assertEquals(Release.NUMBER, m.group(1).replaceFirst("-SNAPSHOT$", ""));
        assertEquals("Cruncher " + Release.NUMBER, Release.NAME);
    }
}
