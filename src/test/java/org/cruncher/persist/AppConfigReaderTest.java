package org.cruncher.persist;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AppConfigReaderTest {

    private static final Path PREFS = Path.of("src/test/resources/corpus/prefs");

    @TempDir
    Path tmp;

    private final AppConfigReader reader = new AppConfigReader();

    @Test
    void hazelybellSetsThreeCpusForLlr321PlainAndMt() throws Exception {
        ReadResult<AppConfig> r = reader.read(PREFS.resolve("hazelybell-primegrid-app_config-mt.xml"));
        AppConfig c = r.value();

        assertEquals(List.of(), r.warnings());
        assertEquals(1, c.apps().size());
        assertEquals("llr321", c.apps().get(0).name());
        assertTrue(c.apps().get(0).reportResultsImmediately());
        assertEquals(0, c.apps().get(0).maxConcurrent());
        assertFalse(c.limitsConcurrency());
        assertEquals(List.of(new AppConfig.VersionEntry("llr321", "", 3, Double.NaN, "-t 3"),
                new AppConfig.VersionEntry("llr321", "mt", 3, Double.NaN, "-t 3")), c.versions());
    }

    @Test
    void jehoonsongLimitsBothAppsToOneAndSetsWholeGpuAndCpu() throws Exception {
        ReadResult<AppConfig> r = reader.read(PREFS.resolve("jehoonsong-app_config-gpu.xml"));
        AppConfig c = r.value();

        assertEquals(List.of(), r.warnings());
        AppConfig.AppEntry myapp = c.apps().get(0);
        assertEquals(new AppConfig.AppEntry("myapp", 1, true, 1.0, 1.0), myapp);
        assertEquals(new AppConfig.AppEntry("default", 1, true, Double.NaN, Double.NaN), c.apps().get(1));
        assertTrue(c.limitsConcurrency());
        assertEquals(0, c.projectMaxConcurrent());
        // an empty <cmdline></cmdline> is ""
        assertEquals(List.of(new AppConfig.VersionEntry("myapp", "mt", 1.0, 1.0, ""),
                new AppConfig.VersionEntry("default", "", Double.NaN, Double.NaN, "")), c.versions());
    }

    @Test
    void projectLevelElementsAndBadValues() throws Exception {
        Path f = tmp.resolve("app_config.xml");
        Files.writeString(f, """
                <app_config>
                  <project_max_concurrent>2</project_max_concurrent>
                  <report_results_immediately/>
                  <app><name>a</name><max_concurrent>-3</max_concurrent>
                    <gpu_versions><gpu_usage>0</gpu_usage><cpu_usage>x</cpu_usage></gpu_versions></app>
                  <app><max_concurrent>1</max_concurrent></app>
                  <app_version><avg_ncpus>2</avg_ncpus></app_version>
                  <nonsense/>
                </app_config>""");
        ReadResult<AppConfig> r = reader.read(f);

        assertEquals(2, r.value().projectMaxConcurrent());
        assertTrue(r.value().reportResultsImmediately());
        // max_concurrent -3 clamps to 0 (no limit); gpu_usage 0 clamps to the least, 0.001; cpu_usage x is ignored
        assertEquals(List.of(new AppConfig.AppEntry("a", 0, false, 0.001, Double.NaN)), r.value().apps());
        assertEquals(List.of(), r.value().versions());
        assertEquals(List.of(
                "app_config.xml:4: max_concurrent -3 is out of 0..100000: using 0",
                "app_config.xml:5: gpu_usage 0 is out of 0.001..100000: using 0.001",
                "app_config.xml:5: cpu_usage x is not a number: ignored",
                "app_config.xml:6: <app> has no <name>: ignored",
                "app_config.xml:7: <app_version> has no <app_name>: ignored",
                "app_config.xml:8: <nonsense> is not an app_config.xml element: ignored"), r.warnings());
    }

    @Test
    void aFileOfAnotherKindIsRefusedInGoodEnglish() throws Exception {
        Path f = tmp.resolve("app_config.xml");
        Files.writeString(f, "<cc_config/>");

        InputProblem p = assertThrows(InputProblem.class, () -> reader.read(f));

        assertTrue(p.getMessage().startsWith("not an app_config.xml: the root element is <cc_config>"),
                p.getMessage());
    }

    @Test
    void missingFileIsNone() throws Exception {
        assertEquals(AppConfig.NONE, reader.read(tmp.resolve("app_config.xml")).value());
    }
}
