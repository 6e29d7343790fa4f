package org.cruncher.server;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.cruncher.engine.api.Units;
import org.cruncher.engine.model.ResourceType;
import org.cruncher.engine.rpc.ResourceRequest;
import org.cruncher.engine.rpc.SchedulerReply;
import org.cruncher.engine.rpc.SchedulerRequest;

/**
 * One line for serve-project's console per request answered, so that whoever tries a client sees what it asked and
 * got: "2 reported; asked CPU 1 h 00 min (1 idle), NVIDIA GPU 10 min; sent 3 jobs, 2 acknowledged".
 */
final class RequestLine {

    private RequestLine() {
    }

    static String of(SchedulerRequest request, SchedulerReply reply) {
        List<String> asked = new ArrayList<>();
        for (ResourceType type : ResourceType.SERVICE_ORDER) {
            ResourceRequest r = request.work().get(type);
            if (r.asksForWork()) {
                asked.add(type.displayName() + " " + Units.duration(r.seconds())
                        + (r.instances() > 0 ? String.format(Locale.ROOT, " (%s idle)", Units.number(r.instances()))
                        : ""));
            }
        }
        String line = request.reported().size() + " reported; "
                + (asked.isEmpty() ? "no work asked" : "asked " + String.join(", ", asked)) + "; "
                + (reply.projectIsDown() ? "answered that the project is down"
                : "sent " + Units.count(reply.jobs().size(), "job") + ", " + reply.acked().size() + " acknowledged");
        return reply.messages().isEmpty() || reply.projectIsDown() ? line
                : line + " (" + String.join("; ", reply.messages()) + ")";
    }
}
