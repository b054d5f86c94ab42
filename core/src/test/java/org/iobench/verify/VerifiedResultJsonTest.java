package org.iobench.verify;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.iobench.job.JobSpec;
import org.iobench.job.RwMode;
import org.iobench.job.VerifyChecksum;
import org.iobench.report.JsonReport;
import org.iobench.report.JsonReportReader;
import org.iobench.result.BenchmarkResult;
import org.iobench.result.VerifyResult;
import org.iobench.workload.Benchmark;
import org.iobench.workload.RunControl;
import org.iobench.workload.RunListener;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The findings of a verification survive the JSON file and the store's codec unchanged. */
class VerifiedResultJsonTest {
    @TempDir
    Path dir;

    @Test
    void aVerificationWithFindingsReadsBackFromItsJsonAsWritten() throws IOException {
        Path f = dir.resolve("f");
        BenchmarkResult b = Benchmark.system(0).execute(JobSpec.builder(f).rw(RwMode.WRITE).blockSize(4096)
                .sizeBytes(64 << 10).verify(VerifyChecksum.SHA256).keep(true).build(), new RunControl(),
                RunListener.NONE);
        long runId = RunIds.parse(b.runs().getFirst().extras().verification().runId());
        try (RandomAccessFile raf = new RandomAccessFile(f.toFile(), "rw")) {
            raf.seek(2 * 4096 + 700);
            raf.write(0x55);
        }
        VerifyResult found = TargetVerifier.verify(f, runId, new TargetLayout(0, 64 << 10, 4096, true, "t"), false);
        BenchmarkResult withFindings = new BenchmarkResult(b.job(), b.target(),
                List.of(b.runs().getFirst().withVerification(found)), b.summary(), b.complete(), b.findings());

        String json = JsonReport.write(List.of(withFindings), "test", Map.of());
        BenchmarkResult back = JsonReportReader.benchmarks(JsonReport.read(json)).getFirst();

        assertThat(back.job().verification().checksum()).isEqualTo(VerifyChecksum.SHA256);
        assertThat(back.runs().getFirst().extras().verification()).isEqualTo(found);
        assertThat(found.failures()).isEqualTo(1);
        assertThat(json).contains("\"passed\" : false").contains("\"corrupt\" : 1");
    }
}
