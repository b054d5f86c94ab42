package org.iobench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Files and databases named on the command line that cannot be used: exit 2 with the reason, before any work, and
 * nothing created on the way (no empty database, no directory).
 */
class BadInputFilesTest {
    @TempDir
    Path dir;

    @Test
    void importOfRandomBytesOrTruncatedJsonIsBadInput() throws Exception {
        byte[] bytes = new byte[1000];
        new Random(7).nextBytes(bytes);
        Path random = Files.write(dir.resolve("random.json"), bytes);
        InProcess.Result r = InProcess.run("import", random.toString(), "--db", db());
        assertThat(r.status()).isEqualTo(2);
        assertThat(r.err()).isEqualTo("iobench: FILE " + random + ": not UTF-8 text, so neither JSON nor a job"
                + " file\n");

        Path cut = Files.writeString(dir.resolve("cut.json"), "{\"fio version\": \"fio-3.33\", \"jobs\": [");
        InProcess.Result t = InProcess.run("import", cut.toString(), "--db", db());
        assertThat(t.status()).isEqualTo(2);
        assertThat(t.err()).isEqualTo("iobench: FILE " + cut + ": not JSON: it ends in the middle of the document"
                + " (truncated?)\n");

        InProcess.Result d = InProcess.run("import", dir.toString(), "--db", db());
        assertThat(d.status()).isEqualTo(2);
        assertThat(d.err()).isEqualTo("iobench: FILE " + dir + ": is a directory\n");
        assertThat(dir.resolve("results.db")).as("nothing imported, nothing created").doesNotExist();
    }

    @Test
    void aResultFileWhoseBenchmarkDoesNotReadAsAResultIsBadInputInOneLine() throws Exception {
        Path odd = Files.writeString(dir.resolve("odd.json"), """
                {"formatVersion": 2, "benchmarks": [{"job": {"rw": "sideways"}, "runs": []}]}
                """);
        InProcess.Result report = InProcess.run("report", "-i", odd.toString());
        assertThat(report.status()).isEqualTo(2);
        assertThat(report.err()).startsWith("iobench: --input " + odd + ": not an iobench result")
                .contains("benchmarks[0]: ", "\"sideways\"").hasLineCount(1);
        Path target = Files.write(dir.resolve("data"), new byte[8192]);
        InProcess.Result verify = InProcess.run("verify", target.toString(), "--run", "0123456789abcdef", "-i",
                odd.toString());
        assertThat(verify.status()).isEqualTo(2);
        assertThat(verify.err()).startsWith("iobench: -i " + odd + ": not an iobench result")
                .contains("benchmarks[0]: ").hasLineCount(1);
    }

    @Test
    void reportAndVerifyInputsThatAreNotJsonAreBadInput() throws Exception {
        Path text = Files.writeString(dir.resolve("notes.json"), "not json at all\n");
        InProcess.Result report = InProcess.run("report", "-i", text.toString());
        assertThat(report.status()).isEqualTo(2);
        assertThat(report.err()).startsWith("iobench: --input " + text + ": not JSON (line 1, column 1:")
                .hasLineCount(1);
        Path target = Files.write(dir.resolve("data"), new byte[8192]);
        InProcess.Result verify = InProcess.run("verify", target.toString(), "--run", "0123456789abcdef", "-i",
                text.toString());
        assertThat(verify.status()).isEqualTo(2);
        assertThat(verify.err()).startsWith("iobench: -i " + text + ": not JSON").hasLineCount(1);
        Path job = Files.write(dir.resolve("binary.fio"), new byte[] {(byte) 0xff, (byte) 0xfe, 0, 1});
        InProcess.Result run = InProcess.run("run", job.toString());
        assertThat(run.status()).isEqualTo(2);
        assertThat(run.err()).isEqualTo("iobench: job file " + job + ": not UTF-8 text, so neither JSON nor a job"
                + " file\n");
    }

    @Test
    void verifyOfADirectoryIsBadInputNotAReadError() {
        InProcess.Result r = InProcess.run("verify", dir.toString(), "--run", "0123456789abcdef");
        assertThat(r.status()).isEqualTo(2);
        assertThat(r.err()).isEqualTo("iobench: TARGET " + dir + ": is a directory; verify reads the file or block"
                + " device a run wrote\n");
    }

    @Test
    void verifyDirectWithAMisalignedBlockSizeGivesRunsAlignmentErrorNotUnreadableBlocks() throws Exception {
        Path f = Files.write(dir.resolve("data"), new byte[1 << 20]);
        InProcess.Result r = InProcess.run("verify", "--direct", "--bs", "1000", f.toString(), "--run",
                "0123456789abcdef");
        assertThat(r.status()).as(r.out()).isEqualTo(2);
        assertThat(r.err()).matches("iobench: --bs 1000: is not a multiple of the logical block size \\d+ of \\S+,"
                + " which --direct \\(O_DIRECT\\) requires for the transfer size\n");
        assertThat(r.out()).isEmpty();
        InProcess.Result offset = InProcess.run("verify", "--direct", "--bs", "4k", "--offset", "100",
                f.toString(), "--run", "0123456789abcdef");
        assertThat(offset.status()).isEqualTo(2);
        assertThat(offset.err()).startsWith("iobench: --offset 100: is not a multiple of the logical block size");
    }

    @Test
    void aDatabaseUrlOfAnotherKindIsBadInput() {
        InProcess.Result r = InProcess.run("runs", "--db", "jdbc:mysql://localhost/iobench");
        assertThat(r.status()).isEqualTo(2);
        assertThat(r.err()).startsWith("iobench: --db jdbc:mysql://localhost/iobench: not a SQLite or PostgreSQL"
                + " JDBC URL").hasLineCount(1);
    }

    @Test
    void readingCommandsDoNotCreateAMissingDatabase() {
        Path missing = dir.resolve("nosuch.db");
        for (String[] args : new String[][] {{"runs"}, {"show", "1"}, {"compare", "--by", "kernel"},
                {"compare", "--base", "a=1", "--new", "a=2"}, {"report"}, {"delete", "1"}}) {
            String[] withDb = java.util.Arrays.copyOf(args, args.length + 2);
            withDb[args.length] = "--db";
            withDb[args.length + 1] = missing.toString();
            InProcess.Result r = InProcess.run(withDb);
            assertThat(r.status()).as(String.join(" ", args) + ": " + r.err()).isEqualTo(2);
            assertThat(r.err()).isEqualTo("iobench: --db " + missing + ": does not exist (nothing was saved"
                    + " there)\n");
            assertThat(missing).doesNotExist();
        }
    }

    @Test
    void aMissingDirectoryInDbIsNamedAndNeverCreated() throws Exception {
        Path db = dir.resolve("nonexistent/x.db");
        InProcess.Result read = InProcess.run("compare", "--by", "kernel", "--db", db.toString());
        assertThat(read.status()).isEqualTo(2);
        assertThat(read.err()).isEqualTo("iobench: --db " + db + ": the directory " + db.getParent()
                + " does not exist\n");
        Path target = dir.resolve("f");
        InProcess.Result write = InProcess.run("run", "--rw", "write", "--bs", "64k", "--size", "64k", "--db", db.toString(),
                target.toString());
        assertThat(write.status()).isEqualTo(2);
        assertThat(write.err()).isEqualTo("iobench: --db " + db + ": the directory " + db.getParent()
                + " does not exist\n");
        assertThat(db.getParent()).doesNotExist();
        assertThat(target).as("refused before any I/O").doesNotExist();
    }

    @Test
    void aDatabaseThatIsNotADatabaseIsRefusedBeforeTheRun() throws Exception {
        Path notDb = Files.writeString(dir.resolve("notes.db"), "these are my notes, not SQLite\n".repeat(40));
        Path target = dir.resolve("f");
        InProcess.Result r = InProcess.run("run", "--rw", "write", "--bs", "64k", "--size", "64k", "--db", notDb.toString(),
                target.toString());
        assertThat(r.status()).isEqualTo(2);
        assertThat(r.err()).isEqualTo("iobench: --db " + notDb + ": is not a SQLite database (its first bytes are"
                + " not SQLite's header); iobench leaves it as it is: give another --db\n");
        assertThat(target).doesNotExist();
        assertThat(Files.readString(notDb)).isEqualTo("these are my notes, not SQLite\n".repeat(40));
        InProcess.Result dirDb = InProcess.run("runs", "--db", dir.toString());
        assertThat(dirDb.status()).isEqualTo(2);
        assertThat(dirDb.err()).isEqualTo("iobench: --db " + dir + ": is a directory, not a SQLite database"
                + " file\n");
    }

    private String db() {
        return dir.resolve("results.db").toString();
    }

    @Test
    void aFileWithNoResultsImportsNothingAndSaysSo() throws Exception {
        Path fio = Files.writeString(dir.resolve("fio.json"), "{\"fio version\": \"fio-3.33\", \"jobs\": []}");
        InProcess.Result r = InProcess.run("import", fio.toString(), "--db", db());
        assertThat(r.status()).isEqualTo(2);
        assertThat(r.err()).isEqualTo("iobench: FILE " + fio + ": holds no results (no fio job in \"jobs\")\n");
        Path mine = Files.writeString(dir.resolve("mine.json"), "{\"formatVersion\": 1, \"benchmarks\": [{\"job\": 5}]}");
        InProcess.Result m = InProcess.run("import", mine.toString(), "--db", db());
        assertThat(m.status()).isEqualTo(2);
        assertThat(m.err()).startsWith("iobench: FILE " + mine + ": JSON that does not fit the format at job (")
                .hasLineCount(1);
    }

    @Test
    void theJsonFileCannotBeTheTargetNorADescriptor() {
        Path f = dir.resolve("f");
        InProcess.Result same = InProcess.run("run", "--rw", "write", "--bs", "64k", "--size", "64k", "--no-store",
                "-o", f.toString(), f.toString());
        assertThat(same.status()).isEqualTo(2);
        assertThat(same.err()).isEqualTo("iobench: -o " + f + ": is also the job's target\n");
        InProcess.Result fd = InProcess.run("run", "--rw", "write", "--bs", "64k", "--size", "64k", "--no-store",
                "-o", "/dev/stdout", f.toString());
        assertThat(fd.status()).isEqualTo(2);
        assertThat(fd.err()).isEqualTo("iobench: -o /dev/stdout: names a file descriptor; use - for standard"
                + " output\n");
        assertThat(f).doesNotExist();
    }
}
