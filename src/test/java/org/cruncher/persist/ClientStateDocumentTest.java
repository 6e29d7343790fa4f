package org.cruncher.persist;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;

/** Reading client_state.xml in document order, with repeated elements interleaved as BOINC writes them. */
class ClientStateDocumentTest {

    private static final Path RAFFAEL = Path.of(
            "src/test/resources/corpus/client_state/raffael-gb10-20cpu-cuda-einstein-milkyway.xml");

    @Test
    void keepsEveryRunOfAnInterleavedRepeatedElement() throws Exception {
        // BOINC writes rsc_backoff_time and rsc_backoff_interval alternately, one pair per resource (CPU, NVIDIA):
        // a plain unwrapped list would keep only the last run of each.
        ClientStateDocument doc = ClientStateDocument.read(RAFFAEL);
        ClientStateXml.Project einstein = doc.projects.get(0).project.value();

        assertEquals(List.of("CPU", "NVIDIA"), einstein.rscBackoffTime.stream().map(v -> v.name).toList());
        assertEquals(List.of("CPU", "NVIDIA"), einstein.rscBackoffInterval.stream().map(v -> v.name).toList());
        assertEquals(86400, einstein.rscBackoffInterval.get(1).value);
    }

    @Test
    void filesFollowTheirProject() throws Exception {
        // Einstein's application file, then its sticky data file, follow Einstein's <project>.
        ClientStateDocument doc = ClientStateDocument.read(RAFFAEL);
        List<String> names = doc.projects.get(0).files.stream().map(f -> f.value().name).toList();

        assertEquals("einsteinbinary_BRP4_1.61_aarch64-unknown-linux-gnu", names.get(0));
        assertEquals("stochastic_full.bank", names.get(1));
        assertFalse(XmlValues.flag(doc.projects.get(0).files.get(0).value().sticky));
        assertTrue(XmlValues.flag(doc.projects.get(0).files.get(1).value().sticky));
    }
}
