package org.iobench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * import stores only figures a run can have (issue 30, item 11): a negative rate, a complete run of no time or a
 * fio job missing a direction it did is refused with one line saying why, never stored as a complete run.
 */
class ImportFiguresTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    private String db() {
        return dir.resolve("r.sqlite").toString();
    }

    /** fio's two-job output recorded here (rr4k: randread, seqwrite: write), changed by {@code edit}. */
    private Path fio(Consumer<ObjectNode> edit) throws Exception {
        ObjectNode doc;
        try (InputStream in = getClass().getResourceAsStream("/store/fio/fio-two-jobs.json")) {
            doc = (ObjectNode) JSON.readTree(in);
        }
        edit.accept(doc);
        Path f = dir.resolve("fio.json");
        JSON.writeValue(f.toFile(), doc);
        return f;
    }

    private static ObjectNode job(ObjectNode doc, int i) {
        return (ObjectNode) doc.path("jobs").get(i);
    }

    @Test
    void aFioJobWithANegativeBandwidthIsSkippedWithItsReason() throws Exception {
        Path f = fio(doc -> ((ObjectNode) job(doc, 0).path("read")).put("bw_bytes", -5));
        InProcess.Result r = InProcess.run("import", f.toString(), "--db", db());
        assertThat(r.status()).as(r.err()).isZero();
        assertThat(r.err()).contains("iobench: " + f + ": fio job rr4k skipped: read.bw_bytes is -5; fio's figures"
                + " are never negative");
        assertThat(r.out().strip()).isEqualTo("imported " + f + " as run 1"); // the other job only
    }

    @Test
    void aFioJobMissingTheDirectionItDidIsNotStoredAsAComplete0MBsRun() throws Exception {
        Path f = fio(doc -> {
            job(doc, 0).remove("read");
            job(doc, 1).remove("write");
        });
        InProcess.Result r = InProcess.run("import", f.toString(), "--db", db());
        assertThat(r.status()).as(r.out() + r.err()).isEqualTo(2);
        assertThat(r.err().strip()).startsWith("iobench: FILE " + f + ": holds no results (fio job rr4k skipped:"
                + " rw=randread but no \"read\" section").contains("fio job seqwrite skipped: rw=write but no"
                + " \"write\" section");
        assertThat(r.err().strip().lines()).hasSize(1);
    }

    @Test
    void aFioJobThatRanForNoTimeIsSkipped() throws Exception {
        Path f = fio(doc -> {
            for (String d : new String[] {"read", "write", "trim"}) {
                ObjectNode n = (ObjectNode) job(doc, 1).path(d);
                n.put("bw_bytes", 0).put("iops", 0.0).put("runtime", 0);
            }
            job(doc, 1).put("job_runtime", 0);
        });
        InProcess.Result r = InProcess.run("import", f.toString(), "--db", db());
        assertThat(r.status()).as(r.err()).isZero();
        assertThat(r.err()).contains("fio job seqwrite skipped: it ran for 0 ms");
    }

    @Test
    void anIobenchFileWithANegativeOrTimelessRunIsRefusedWhole() throws Exception {
        Path out = dir.resolve("run.json");
        InProcess.Result made = InProcess.run("run", "--engine", "null", "--rw", "read", "--bs", "4k", "--size", "1m",
                dir.toString(), "-o", out.toString(), "--no-store");
        assertThat(made.status()).as(made.err()).isZero();
        ObjectNode doc = (ObjectNode) JSON.readTree(out.toFile());
        ObjectNode totals = (ObjectNode) doc.path("benchmarks").get(0).path("runs").get(0).path("totals");

        totals.put("readBytes", -1048576);
        JSON.writeValue(out.toFile(), doc);
        InProcess.Result negative = InProcess.run("import", out.toString(), "--db", db());
        assertThat(negative.status()).as(negative.err()).isEqualTo(2);
        assertThat(negative.err().strip()).matches("iobench: FILE \\S+: \\S+ run 1: readBytes is -1048576; no run has"
                + " a negative figure \\(nothing imported\\)");

        totals.put("readBytes", 1048576).put("elapsedNs", 0);
        JSON.writeValue(out.toFile(), doc);
        InProcess.Result timeless = InProcess.run("import", out.toString(), "--db", db());
        assertThat(timeless.status()).as(timeless.err()).isEqualTo(2);
        assertThat(timeless.err()).contains("elapsedNs is 0 in a complete run");
        assertThat(Files.exists(dir.resolve("r.sqlite")) ? InProcess.run("runs", "--db", db()).out() : "")
                .doesNotContain("read-4KiB");
    }
}
