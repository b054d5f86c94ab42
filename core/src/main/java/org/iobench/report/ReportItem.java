package org.iobench.report;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Map;

/**
 * One benchmark to report, as its JSON document ({@code benchmarks[]} entry of format version 1), with where it
 * came from and its labels. Reports read results as JSON so stored runs, imported files and fresh runs are one
 * thing.
 *
 * @param id     a short identifier (a store id, or file#index)
 * @param labels key=value labels ({@code kernel=2.6.24}); may be empty
 */
public record ReportItem(String id, JsonNode benchmark, Map<String, String> labels) {
    public ReportItem {
        labels = Map.copyOf(labels);
    }

    public JsonNode job() {
        return benchmark.path("job");
    }

    /** {@code randwrite 4KiB T64 direct}: the workload without its block size. */
    public String workloadWithoutBs() {
        JsonNode j = job();
        StringBuilder b = new StringBuilder(j.path("rw").asText());
        if (j.path("threads").asInt(1) > 1) {
            b.append(" T").append(j.path("threads").asInt());
        }
        if (j.path("iodepth").asInt(1) > 1) {
            b.append(" Q").append(j.path("iodepth").asInt());
        }
        if (j.path("direct").asBoolean()) {
            b.append(" direct");
        }
        String sync = j.path("sync").asText("none");
        if (!sync.equals("none")) {
            b.append(" +").append(sync);
        }
        return b.toString();
    }

    /** The labels as {@code k=v,k2=v2}, or the job's name when there are none. */
    public String labelText() {
        if (labels.isEmpty()) {
            return job().path("name").asText(id);
        }
        return labels.entrySet().stream().sorted(Map.Entry.comparingByKey())
                .map(e -> e.getKey() + "=" + e.getValue()).reduce((a, c) -> a + "," + c).orElse("");
    }
}
