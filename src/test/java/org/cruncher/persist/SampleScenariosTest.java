package org.cruncher.persist;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.cruncher.emulator.Emulation;
import org.cruncher.emulator.EmulationReport;
import org.cruncher.emulator.ProjectFigures;

/** The samples bundled in the jar: the catalogue, the copies opened from the data folder, and what each shows. */
class SampleScenariosTest {

    @TempDir
    Path dir;

    @Test
    void catalogueListsEverySampleFolderOfTheRepositoryInMenuOrder() throws Exception {
        List<String> listed = SampleScenarios.list().stream().map(SampleScenarios.Sample::folder).toList();
        assertEquals(List.of("shares-75-25", "gpu-sharing", "flaky-servers", "tight-deadlines", "backup-project",
                "disk-75-25"), listed);
        Set<String> folders;
        try (Stream<Path> s = Files.list(Path.of("assets/scenarios"))) {
            folders = s.filter(Files::isDirectory).map(p -> p.getFileName().toString())
                    .collect(Collectors.toCollection(TreeSet::new));
        }
        assertEquals(folders, new TreeSet<>(listed), "a folder in assets/scenarios missing from samples.txt");
        SampleScenarios.list().forEach(s -> assertTrue(!s.title().isBlank() && !s.about().isBlank(), s.folder()));
    }

    /** A state restored from a sample's copy is known as that sample, so that the window says again what to watch. */
    @Test
    void aStateOpenedFromASamplesCopyIsKnownAsThatSample(@TempDir Path data) {
        Path samples = data.resolve("samples");
        assertEquals("shares-75-25", SampleScenarios.openedFrom(samples.resolve("shares-75-25").toString(), samples)
                .orElseThrow().folder());
        assertEquals("gpu-sharing", SampleScenarios.openedFrom(samples.resolve("gpu-sharing/client_state.xml")
                .toString(), samples).orElseThrow().folder());
        // Anywhere else, or nowhere: none.
        assertTrue(SampleScenarios.openedFrom(data.resolve("shares-75-25").toString(), samples).isEmpty());
        assertTrue(SampleScenarios.openedFrom("", samples).isEmpty());
        assertTrue(SampleScenarios.openedFrom(null, samples).isEmpty());
    }

    @Test
    void aMalformedCatalogueLineIsRefusedWithItsLineNumber() {
        assertEquals(List.of(new SampleScenarios.Sample("a-1", "Title", "what")),
                SampleScenarios.parse(List.of("# comment", "", "a-1 | Title | what")));
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> SampleScenarios.parse(List.of("# comment", "../etc | Escape | out of the folder")));
        assertTrue(e.getMessage().startsWith("samples.txt:2: "), e.getMessage());
        assertThrows(IllegalStateException.class, () -> SampleScenarios.parse(List.of("only-a-folder")));
    }

    @Test
    void copyPutsTheSampleFilesInTheDataFolderAndReplacesAnEditedCopy() throws Exception {
        SampleScenarios.Sample disk = sample("disk-75-25");
        Path folder = SampleScenarios.copyTo(disk, dir);
        assertEquals(dir.resolve("disk-75-25"), folder);
        assertEquals(Files.readString(Path.of("assets/scenarios/disk-75-25/client_state.xml")),
                Files.readString(folder.resolve("client_state.xml")));
        assertTrue(Files.isRegularFile(folder.resolve("global_prefs_override.xml")));

        Files.writeString(folder.resolve("client_state.xml"), "<client_state>edited</client_state>");
        SampleScenarios.copyTo(disk, dir);
        assertEquals(Files.readString(Path.of("assets/scenarios/disk-75-25/client_state.xml")),
                Files.readString(folder.resolve("client_state.xml")));
    }

    @Test
    void everySampleOpensWithoutInferenceAndComputesWithoutIdling() throws Exception {
        for (SampleScenarios.Sample s : SampleScenarios.list()) {
            ScenarioReader.Read read = new ScenarioReader().readWithHeader(SampleScenarios.copyTo(s, dir));
            assertEquals(List.of(), read.scenario().notes(), s.folder() + " needed inferring");
            EmulationReport r = Emulation.run(read.scenario(), 2, 1, null);
            assertTrue(r.idleFraction() <= 0.001, s.folder() + " idle " + r.idleFraction());
            assertEquals(0, r.wastedFraction(), s.folder());
        }
    }

    @Test
    void eachSampleShowsWhatItsCatalogueLineSays() throws Exception {
        // shares-75-25: the CPU time splits 3 to 1 (within a point over 4 days).
        EmulationReport shares = run("shares-75-25", 4);
        assertEquals(0.75, project(shares, "Protein Folding Lab").flopsShare(), 0.01);
        // gpu-sharing: Prime Search (the only CPU app) gets the CPU; the GPU goes about 3 to 1 to Pulsar Hunt, so the
        // totals are even: Pulsar's GPU FLOPs = 0.75 x 2 GFLOPS = 1.5 = Prime's 1 CPU GFLOPS + 0.25 x 2 GFLOPS.
        EmulationReport gpu = run("gpu-sharing", 4);
        ProjectFigures pulsar = project(gpu, "Pulsar Hunt");
        ProjectFigures prime = project(gpu, "Prime Search");
        assertEquals(0.75, pulsar.gpuSeconds() / (pulsar.gpuSeconds() + prime.gpuSeconds()), 0.05);
        assertEquals(0.5, pulsar.flopsShare(), 0.02);
        // flaky-servers: requests fail while a server is down, and no CPU idles meanwhile.
        EmulationReport flaky = run("flaky-servers", 4);
        assertTrue(flaky.projects().stream().allMatch(p -> p.rpcFailures() > 0), "every server fails sometimes");
        // tight-deadlines: every 6-hour deadline is met on the one CPU.
        EmulationReport deadlines = run("tight-deadlines", 4);
        assertEquals(0, project(deadlines, "Asteroid Orbits").deadlinesMissed());
        assertTrue(project(deadlines, "Asteroid Orbits").deadlinesMet() > 40, "about 48 one-hour jobs in 4 days");
        // backup-project: the share-0 project computes, but less than the main one (its server is up 30 %).
        EmulationReport backup = run("backup-project", 4);
        assertTrue(project(backup, "Prime Search").cpuSeconds() > 0);
        assertTrue(project(backup, "Prime Search").cpuSeconds() < project(backup, "Protein Folding Lab").cpuSeconds());
    }

    private EmulationReport run(String folder, int days) throws Exception {
        return Emulation.run(new ScenarioReader().read(SampleScenarios.copyTo(sample(folder), dir)), days, 1, null);
    }

    private static SampleScenarios.Sample sample(String folder) {
        return SampleScenarios.list().stream().filter(s -> s.folder().equals(folder)).findFirst().orElseThrow();
    }

    private static ProjectFigures project(EmulationReport r, String name) {
        return r.projects().stream().filter(p -> p.name().equals(name)).findFirst().orElseThrow();
    }
}
