package org.iobench.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.iobench.job.JobSpec;
import org.iobench.job.RwMode;
import org.iobench.report.JsonReport;
import org.iobench.report.JsonReportReader;
import org.iobench.report.ReportItem;
import org.iobench.result.RunResult;
import org.iobench.result.VerifyResult;
import org.iobench.session.ExitException;
import org.iobench.verify.RunIds;
import org.iobench.verify.TargetLayout;

/**
 * The layout of a verified run taken from its JSON result ({@code iobench run --verify ... -o FILE}, either format
 * version, read into the result records): the run with the id, its job's block size and offset, its target's
 * region, and whether it wrote every block (a sequential write that stamped at least one block per block of the
 * region).
 */
final class RunLayoutFile {
    private RunLayoutFile() {}

    static TargetLayout read(Path file, long runId) {
        List<ReportItem> benchmarks;
        try {
            benchmarks = JsonReportReader.items(InputFile.readJson("-i", file), file.getFileName().toString());
        } catch (IOException e) {
            throw ExitException.usage("-i " + file + ": not an iobench result (formatVersion 1 or "
                    + JsonReport.FORMAT_VERSION + " with benchmarks[]): " + e.getMessage());
        }
        String wanted = RunIds.format(runId);
        List<String> known = new ArrayList<>();
        for (ReportItem b : benchmarks) {
            for (RunResult r : b.result().runs()) {
                VerifyResult v = r.extras().verification();
                String id = v == null || v.runId() == null ? "" : v.runId();
                if (!id.isEmpty()) {
                    known.add(id);
                }
                if (!id.equalsIgnoreCase(wanted)) {
                    continue;
                }
                JobSpec job = b.job();
                long bs = job.workload().blockSize();
                long region = b.result().target() == null ? 0 : b.result().target().regionBytes();
                boolean sequentialWrite = job.workload().rw() == RwMode.WRITE;
                boolean all = sequentialWrite && r.complete() && bs > 0 && v.blocksStamped() >= region / bs;
                return new TargetLayout(job.workload().offsetBytes(), region, bs, all, "-i " + file);
            }
        }
        throw ExitException.usage("-i " + file + ": no run with id " + wanted
                + (known.isEmpty() ? " (it holds no verified run)" : " (it holds " + String.join(", ", known) + ")"));
    }
}
