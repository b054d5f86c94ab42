package org.iobench.report;

import java.util.Map;
import org.iobench.job.JobSpec;
import org.iobench.job.SyncMode;
import org.iobench.result.BenchmarkResult;
import org.iobench.result.RunResult;
import org.iobench.sysmon.env.Environment;

/**
 * One benchmark to report, as its result, with where it came from, the environment it ran in and its labels.
 * Stored runs, files of either format version ({@link JsonReportReader#items}) and fresh runs are the same records
 * here, so every view reads one thing.
 *
 * @param id          a short identifier (a store id, or file:index)
 * @param result      the benchmark's job, target, runs, summary and findings
 * @param environment the machine it ran on; null where none was recorded ({@code run -o} files)
 * @param labels      key=value labels ({@code kernel=2.6.24}); may be empty
 */
public record ReportItem(String id, BenchmarkResult result, Environment environment, Map<String, String> labels) {
    public ReportItem {
        labels = Map.copyOf(labels);
    }

    /** A benchmark without a recorded environment. */
    public ReportItem(String id, BenchmarkResult result, Map<String, String> labels) {
        this(id, result, null, labels);
    }

    public JobSpec job() {
        return result.job();
    }

    /** The job's name, empty when it has none. */
    public String jobName() {
        return job().name() == null ? "" : job().name();
    }

    /** The job's block size, bytes. */
    public long blockSize() {
        return job().workload().blockSize();
    }

    /** The name of the suite or job file test this is ({@code SEQ1M Q8T1 read}), empty for a job on its own. */
    public String testName() {
        return result.test() == null ? "" : result.test().name();
    }

    /** The job's sync mode as the JSON form names it; {@code none} when it has none. */
    public String syncLabel() {
        SyncMode sync = job().durability().sync();
        return sync == null ? "none" : sync.label();
    }

    /** The last complete run, or null when none completed. */
    public RunResult lastCompleteRun() {
        RunResult last = null;
        for (RunResult r : result.runs()) {
            if (r.complete()) {
                last = r;
            }
        }
        return last;
    }

    /** {@code randwrite 4KiB T64 direct}: the workload without its block size. */
    public String workloadWithoutBs() {
        JobSpec j = job();
        StringBuilder b = new StringBuilder(j.workload().rw().label());
        if (j.queue().threads() > 1) {
            b.append(" T").append(j.queue().threads());
        }
        if (j.queue().iodepth() > 1) {
            b.append(" Q").append(j.queue().iodepth());
        }
        if (j.durability().direct()) {
            b.append(" direct");
        }
        String sync = syncLabel();
        if (!sync.equals("none")) {
            b.append(" +").append(sync);
        }
        return b.toString();
    }

    /** The labels as {@code k=v,k2=v2}, or the job's name when there are none. */
    public String labelText() {
        if (labels.isEmpty()) {
            return job().name() == null ? id : job().name();
        }
        return labels.entrySet().stream().sorted(Map.Entry.comparingByKey())
                .map(e -> e.getKey() + "=" + e.getValue()).reduce((a, c) -> a + "," + c).orElse("");
    }
}
