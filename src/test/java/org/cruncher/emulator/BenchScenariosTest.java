package org.cruncher.emulator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;

import org.cruncher.engine.model.Coprocessor;
import org.cruncher.engine.model.Project;
import org.cruncher.engine.model.ResourceType;
import org.cruncher.engine.model.Result;

/** The benchmark cases are the hosts and project sets the issue names, the same every time they are built. */
class BenchScenariosTest {

    @Test
    void sixtyFourCpusHasFiftyProjectsATenthousandQueueSpreadEvenlyAndAThirdWithGpuApps() {
        Scenario s = BenchScenarios.sixtyFourCpus(10_000);
        assertEquals(64, s.initialState().host().cpuCount());
        assertEquals(Map.of(ResourceType.NVIDIA, 2, ResourceType.AMD, 2), s.initialState().host().coprocessors()
                .stream().collect(Collectors.toMap(Coprocessor::type, Coprocessor::count)));
        assertEquals(50, s.initialState().projects().size());
        List<Result> queued = s.initialState().results().stream().filter(Result::isComputable).toList();
        assertEquals(10_000, queued.size());
        // 10,000 over 50 projects: 200 each, all waiting at the start and due 30 days later.
        Map<Project, Long> perProject = queued.stream().collect(Collectors.groupingBy(Result::project,
                Collectors.counting()));
        assertTrue(perProject.values().stream().allMatch(n -> n == 200), perProject.values().toString());
        assertTrue(queued.stream().allMatch(r -> r.reportDeadline() == s.startTime() + 30 * 86400.0));
        // Projects 0, 3, ..., 48 have a GPU app: 17 of 50.
        long withGpu = s.initialState().projects().stream()
                .filter(p -> p.appVersions().stream().anyMatch(v -> v.primaryResource() != ResourceType.CPU)).count();
        assertEquals(17, withGpu);
    }

    @Test
    void flakyCaseHasEveryThirdServerUpOnlyPartOfTheTime() {
        Scenario s = BenchScenarios.sixtyFourCpusFlaky();
        List<ServerSpec> flaky = s.servers().stream().filter(v -> v.availableFrac() < 1).toList();
        assertEquals(17, flaky.size(), "servers 0, 3, ..., 48");
        assertTrue(flaky.stream().allMatch(v -> v.availableFrac() >= 0.5 && v.availableFrac() <= 0.9));
        assertEquals(0, s.initialState().results().size(), "nothing queued: it fetches all its work");
    }

    @Test
    void casesAreBuiltTheSameEveryTime() {
        Scenario a = BenchScenarios.sixteenCpusTwoGpus();
        Scenario b = BenchScenarios.sixteenCpusTwoGpus();
        assertEquals(10, a.initialState().projects().size());
        assertEquals(a.initialState().projects().stream().map(p -> p.name() + p.resourceShare()).toList(),
                b.initialState().projects().stream().map(p -> p.name() + p.resourceShare()).toList());
        assertEquals(a.servers().stream().map(ServerSpec::apps).toList(),
                b.servers().stream().map(ServerSpec::apps).toList());
        assertEquals(List.of(75.0, 25.0), BenchScenarios.twoCpus7525().initialState().projects().stream()
                .map(Project::resourceShare).toList());
    }
}
