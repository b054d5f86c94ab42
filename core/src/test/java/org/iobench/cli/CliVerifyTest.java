package org.iobench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.RandomAccessFile;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.iobench.testing.Root;

/** {@code --verify} and {@code iobench verify} as a user meets them: messages, exit statuses, JSON. */
class CliVerifyTest {
    @TempDir
    Path dir;

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', value = {
            "--verify crc32c --rw write --bs 64 | 128-byte block header",
            "--verify crc32c --rw randread --bs 4k | writes nothing to verify",
            "--verify-after --rw write --bs 4k | needs --verify",
            "--verify md5 --rw write --bs 4k | 'md5' is not a checksum (none, crc32c, sha256)",
            "--verify crc32c --rw randwrite --threads 4 --bs 512k | request slots (--threads x --iodepth)",
            "--verify crc32c --rw copy --source /dev/zero --bs 4k | a copy writes the source's data",
    })
    void impossibleVerifyOptionsGetOneLineAndExit2(String options, String expected) throws Exception {
        String[] args = (options + " --size 1m " + dir.resolve("f")).split(" ");
        String[] full = new String[args.length + 1];
        full[0] = "run";
        System.arraycopy(args, 0, full, 1, args.length);
        Cli.Result r = Cli.run(dir, full);
        assertThat(r.status()).as(r.err()).isEqualTo(2);
        assertThat(r.err().lines().count()).as(r.err()).isEqualTo(1);
        assertThat(r.err()).startsWith("iobench: ").contains(expected);
    }

    @Test
    void aVerifiedRunStoresItsRunIdAndTheVerifyCommandFindsATornBlockWithExit1() throws Exception {
        Path f = dir.resolve("data");
        Path json = dir.resolve("w.json");
        Cli.Result w = Cli.run(dir, "run", "--rw", "write", "--bs", "16k", "--size", "1m", "--pattern", "random",
                "--verify", "crc32c", "--verify-after", "--keep", "-q", "-o", json.toString(), f.toString());
        assertThat(w.status()).as(w.err()).isZero();
        assertThat(w.out()).contains("checked after").contains(": OK");
        JsonNode v = new ObjectMapper().readTree(json.toFile()).path("benchmarks").get(0).path("runs").get(0)
                .path("verification");
        assertThat(v.path("passed").asBoolean()).isTrue();
        assertThat(v.path("blocksChecked").asLong()).isEqualTo(64);
        String runId = v.path("runId").asText();

        Cli.Result clean = Cli.run(dir, "verify", f.toString(), "--run", runId);
        assertThat(clean.status()).as(clean.err() + clean.out()).isZero();

        try (RandomAccessFile raf = new RandomAccessFile(f.toFile(), "rw")) {
            raf.seek(5L * 16384 + 8192);
            raf.write(new byte[4096]);
        }
        Cli.Result bad = Cli.run(dir, "verify", f.toString(), "--run", runId, "-i", json.toString(),
                "--format", "json");
        assertThat(bad.status()).as(bad.err()).isEqualTo(1);
        assertThat(bad.err()).contains("1 of 64 blocks");
        JsonNode m = new ObjectMapper().readTree(bad.out()).path("verification").path("mismatches").get(0);
        assertThat(m.path("offsetBytes").asLong()).isEqualTo(5L * 16384);
        assertThat(m.path("kind").asText()).isEqualTo("torn");
        assertThat(m.path("expected").path("runId").asText()).isEqualTo(runId);
        assertThat(m.path("found").path("sequence").asLong()).isEqualTo(6);
    }

    @Test
    void aDirectRandomWriteToALoopDeviceVerifiesLaterThroughODirect() throws Exception {
        Root.assumeLoopDevices("attach a loop device");
        Path image = dir.resolve("disk.img");
        try (RandomAccessFile raf = new RandomAccessFile(image.toFile(), "rw")) {
            raf.setLength(8L << 20);
        }
        Path loop = Root.losetup(image);
        try {
            Path json = dir.resolve("d.json");
            Cli.Result w = Cli.run(dir, "run", "--rw", "randwrite", "--bs", "4k", "--size", "4m", "--direct",
                    "--pattern", "random", "--verify", "crc32c", "--verify-after", "--allow-overwrite", "-q",
                    "-o", json.toString(), loop.toString());
            assertThat(w.status()).as(w.err()).isZero();
            JsonNode v = new ObjectMapper().readTree(json.toFile()).path("benchmarks").get(0).path("runs").get(0)
                    .path("verification");
            assertThat(v.path("passed").asBoolean()).isTrue();
            assertThat(v.path("blocksChecked").asLong()).isPositive();
            String runId = v.path("runId").asText();

            Cli.Result later = Cli.run(dir, "verify", loop.toString(), "--run", runId, "-i", json.toString(),
                    "--direct");
            assertThat(later.status()).as(later.err() + later.out()).isZero();
            assertThat(later.out()).contains("1024 blocks of 4KiB").contains(": OK");
        } finally {
            Root.detach(loop);
        }
    }

    @Test
    void aWrongRunIdIsAUsageErrorAndAnAbsentRunFailsTheCheck() throws Exception {
        Path f = dir.resolve("data");
        Cli.Result w = Cli.run(dir, "run", "--rw", "write", "--bs", "4k", "--size", "64k", "--verify", "sha256",
                "--keep", "-q", f.toString());
        assertThat(w.status()).as(w.err()).isZero();
        assertThat(w.out()).contains("iobench verify TARGET --run ");
        Cli.Result typo = Cli.run(dir, "verify", f.toString(), "--run", "xyz");
        assertThat(typo.status()).isEqualTo(2);
        assertThat(typo.err()).startsWith("iobench: --run: 'xyz' is not a run id");
        Cli.Result absent = Cli.run(dir, "verify", f.toString(), "--run", "1234");
        assertThat(absent.status()).isEqualTo(1);
        assertThat(absent.err()).contains("no block of run 0000000000001234");
        assertThat(absent.out()).contains("16 other-run");
    }
}
