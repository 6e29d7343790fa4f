package org.cruncher.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** {@code cruncher emulate} runs on every real client_state.xml of the corpus that holds tasks. */
class EmulateCorpusTest {

    private static final Pattern IDLE = Pattern.compile("idle fraction\\s+([0-9.]+)");
    private static final Pattern PROJECT = Pattern.compile(
            "<project>.*?<master_url>([^<]*)</master_url>.*?<project_name>([^<]*)</project_name>", Pattern.DOTALL);

    @ParameterizedTest
    @ValueSource(strings = {"michaelzhye-4cpu-3proj.xml", "michaelzhye-e350-casa-seti-1active.xml",
        "michaelzhye-e350-casa-seti-2active.xml", "michaelzhye-e350-milkyway.xml",
        "raffael-gb10-20cpu-cuda-einstein-milkyway.xml", "extra/michaelzhye-e350-casa-seti-a735a30.xml"})
    void emulatePrintsPlausibleFiguresNamingEveryProject(String name) throws Exception {
        Path file = Path.of("src/test/resources/corpus/client_state", name);
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();

        int code = CruncherCli.run(new PrintWriter(out), new PrintWriter(err), "emulate", file.toString(),
                "--days", "1");

        assertEquals(0, code, err.toString());
        String text = out.toString();
        assertTrue(text.contains("1.00 days emulated"), text);
        Matcher idle = IDLE.matcher(text);
        assertTrue(idle.find(), text);
        double fraction = Double.parseDouble(idle.group(1));
        assertTrue(fraction >= 0 && fraction <= 1, text);
        Matcher project = PROJECT.matcher(Files.readString(file));
        int projects = 0;
        while (project.find()) {
            String shown = project.group(2).isBlank() ? project.group(1).strip() : project.group(2).strip();
            assertTrue(text.contains(shown), shown + " missing from\n" + text);
            projects++;
        }
        assertTrue(projects > 0);
        assertTrue(text.matches("(?s).*RPCs per job +(\\d\\.\\d{4}|n/a) +\\d+ RPCs / \\(2 x \\d+ jobs sent by the "
                + "servers\\), as BOINC counts it; \\d+ failed attempts.*"), text);
    }
}
