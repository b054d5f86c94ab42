package org.iobench.cli;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.iobench.report.JsonV2;
import org.iobench.session.ExitException;
import org.iobench.verify.RunIds;
import org.iobench.verify.TargetLayout;

/**
 * The layout of a verified run taken from its JSON result ({@code iobench run --verify ... -o FILE}): the run
 * with the id, its job's block size and offset, its target's region, and whether it wrote every block (a sequential
 * write that stamped at least one block per block of the region).
 */
final class RunLayoutFile {
    private RunLayoutFile() {}

    static TargetLayout read(Path file, long runId) {
        JsonNode read = InputFile.readJson("-i", file);
        // files of either format version: version 1 read in version 2's names
        JsonNode doc = read.path("formatVersion").asInt() == 1 ? JsonV2.upgrade(read) : read;
        String wanted = RunIds.format(runId);
        List<String> known = new ArrayList<>();
        for (JsonNode b : doc.path("benchmarks")) {
            for (JsonNode r : b.path("runs")) {
                JsonNode v = r.path("verification");
                String id = v.path("runId").asText("");
                if (!id.isEmpty()) {
                    known.add(id);
                }
                if (!id.equalsIgnoreCase(wanted)) {
                    continue;
                }
                JsonNode job = b.path("job");
                long bs = job.path("blockSizeBytes").asLong();
                long region = b.path("target").path("regionBytes").asLong();
                boolean sequentialWrite = "write".equals(job.path("rw").asText());
                boolean all = sequentialWrite && r.path("complete").asBoolean(false) && bs > 0
                        && v.path("blocksStamped").asLong() >= region / bs;
                return new TargetLayout(job.path("offsetBytes").asLong(), region, bs, all, "-i " + file);
            }
        }
        throw ExitException.usage("-i " + file + ": no run with id " + wanted
                + (known.isEmpty() ? " (it holds no verified run)" : " (it holds " + String.join(", ", known) + ")"));
    }
}
