package org.iobench.cli.cluster;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.iobench.cluster.ClusterResult;
import org.iobench.cluster.ControllerOutcome;
import org.iobench.cluster.HostPart;
import org.iobench.cluster.JobRequest;

/**
 * The {@code cluster} object of a multi-host run's JSON document (docs/multi-host.md): the job as shipped, each
 * host's part (its own {@code benchmarks}, as a local run of it would print them), the start skew of each barrier
 * and the stonewalled aggregate of each run. The document's top-level {@code benchmarks} are the aggregates.
 */
final class ClusterJson {
    /** The {@code host} label of the aggregate of a multi-host run. */
    static final String ALL_HOSTS = "all";

    private ClusterJson() {}

    static Map<String, Object> of(JobRequest request, ControllerOutcome outcome, ClusterResult result) {
        Map<String, Object> c = new LinkedHashMap<>();
        c.put("jobId", outcome.jobId());
        c.put("command", request.command());
        c.put("args", request.args());
        c.put("complete", result.complete());
        c.put("interrupted", outcome.interrupted());
        List<Map<String, Object>> hosts = new ArrayList<>();
        for (int i = 0; i < result.parts().size(); i++) {
            HostPart p = result.parts().get(i);
            ControllerOutcome.HostOutcome h = outcome.hosts().get(i);
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("host", p.host());
            m.put("address", h.host().address());
            m.put("state", h.state().name().toLowerCase(Locale.ROOT));
            m.put("status", h.status());
            m.put("message", p.message());
            m.put("lost", p.lost());
            m.put("lastProgress", p.lastBytes() < 0 ? null : Map.of("run", p.lastRun() == null ? "" : p.lastRun(),
                    "bytes", p.lastBytes(), "elapsedNanos", p.lastElapsedNanos()));
            m.put("benchmarks", p.benchmarks());
            hosts.add(m);
        }
        c.put("hosts", hosts);
        c.put("startSkew", outcome.starts());
        c.put("stonewall", result.stonewalls());
        return c;
    }
}
