package org.cruncher.persist;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import org.cruncher.engine.model.ResourceType;
import org.cruncher.engine.rpc.ReportedResult;
import org.cruncher.engine.rpc.ResourceRequest;
import org.cruncher.engine.rpc.RpcReason;
import org.cruncher.engine.rpc.SchedulerRequest;
import org.cruncher.engine.rpc.WorkRequest;

class SchedulerRequestXmlTest {

    private static final Path SOURCE = Path.of("request.xml");

    @Test
    void workRequestGoesOutUnderBoincsNamesAndComesBack() throws Exception {
        // boinc-engine.md 3.8's example: 100080 s and 1 instance of CPU work; plus an hour of NVIDIA GPU work for
        // one idle GPU. work_req_seconds is the larger of the two (seed 003).
        WorkRequest work = new WorkRequest(Map.of(
                ResourceType.CPU, new ResourceRequest(100080, 1, 3600),
                ResourceType.NVIDIA, new ResourceRequest(3600, 1, 0)));
        SchedulerRequest request = new SchedulerRequest("http://a/", 0, RpcReason.NEED_WORK, work,
                List.of(new ReportedResult("r1_0", 0, 3500, 3600, 3.6e12, 864000, 1000)), 0.5);

        String xml = SchedulerRequestXml.write(request);

        assertTrue(xml.contains("<work_req_seconds>100080.000000</work_req_seconds>"), xml);
        assertTrue(xml.contains("<cpu_req_secs>100080.000000</cpu_req_secs>"), xml);
        assertTrue(xml.contains("<cpu_req_instances>1.000000</cpu_req_instances>"), xml);
        assertTrue(xml.contains("<coprocs><coproc_cuda><req_secs>3600.000000</req_secs>"
                + "<req_instances>1.000000</req_instances>"), xml);
        assertTrue(xml.contains("<result><name>r1_0</name>"), xml);
        assertEquals(work, SchedulerRequestXml.readWork(SOURCE, xml));
    }

    @Test
    void oldClientsScalarRequestIsCpuWork() throws Exception {
        WorkRequest w = SchedulerRequestXml.readWork(SOURCE,
                "<scheduler_request><work_req_seconds>5000</work_req_seconds><other/></scheduler_request>");

        assertEquals(5000, w.get(ResourceType.CPU).seconds());
        assertEquals(1, w.perResource().size());
    }

    @Test
    void badNumberIsOneLineNamingTheDocument() {
        InputProblem e = assertThrows(InputProblem.class, () -> SchedulerRequestXml.readWork(SOURCE,
                "<scheduler_request>\n<cpu_req_secs>lots</cpu_req_secs></scheduler_request>"));

        assertEquals("request.xml:2: malformed XML: <cpu_req_secs> is not a number: lots", e.oneLine());
    }
}
