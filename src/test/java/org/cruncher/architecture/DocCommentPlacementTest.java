package org.cruncher.architecture;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

/**
 * Every doc comment sits on the declaration it describes. A method inserted between a comment and its method leaves
 * two comments stacked: javadoc then shows the second only, and a reader takes the first for the wrong method.
 */
class DocCommentPlacementTest {

    /** The end of one comment followed, with nothing but white space between, by the start of a doc comment. */
    private static final Pattern STACKED = Pattern.compile("\\*/\\s*\\n\\s*/\\*\\*");

    @Test
    void noDocCommentIsLeftAboveAnother() throws IOException {
        List<String> stacked = new ArrayList<>();
        for (String root : List.of("src/main/java", "src/test/java")) {
            try (Stream<Path> files = Files.walk(Path.of(root))) {
                for (Path f : files.filter(p -> p.toString().endsWith(".java")).sorted().toList()) {
                    String text = Files.readString(f);
                    Matcher m = STACKED.matcher(text);
                    while (m.find()) {
                        long line = text.substring(0, m.start()).lines().count();
                        stacked.add(f + ":" + line);
                    }
                }
            }
        }
        assertEquals(List.of(), stacked, "a doc comment left above another, which hides it");
    }
}
