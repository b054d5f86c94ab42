package org.iobench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Bad input: one line naming the option and the value, exit 2, no stack trace, nothing left behind. */
class CliErrorsTest {
    @TempDir
    Path dir;

    @ParameterizedTest(name = "{0} {1}")
    @CsvSource({
            "--bs, 3q, '--bs'",
            "--size, lots, '--size'",
            "--rw, sideways, 'sideways'",
            "--sync, maybe, 'maybe'",
            "--time, 3 fortnights, '--time'",
            "--threads, 0, must be at least 1",
            "--mix, 150, --mix 150",
            "--engine, warp, --engine warp",
            "--iodepth, 32, --iodepth 32",
    })
    void badValuesGetOneLineNamingOptionAndValueAndExit2(String option, String value, String expected)
            throws Exception {
        Cli.Result r = Cli.run(dir, "run", option, value, dir.resolve("f").toString());
        assertThat(r.status()).as(r.err()).isEqualTo(2);
        assertThat(r.err().lines().count()).as(r.err()).isEqualTo(1);
        assertThat(r.err()).startsWith("iobench: ").contains(expected).contains(value.split(" ")[0])
                .doesNotContain("Exception").doesNotContain("\tat ");
        try (var files = Files.list(dir)) {
            assertThat(files).as("no scratch file left").isEmpty();
        }
    }

    @Test
    void anUnknownOptionIsAUsageError() throws Exception {
        Cli.Result r = Cli.run(dir, "run", "--frobnicate", dir.toString());
        assertThat(r.status()).isEqualTo(2);
        assertThat(r.err()).contains("--frobnicate");
    }

    @Test
    void overwritingAnExistingFileWithoutConsentIsRefused() throws Exception {
        Path f = Files.write(dir.resolve("data"), new byte[4096]);
        Cli.Result r = Cli.run(dir, "run", "--rw", "write", "--bs", "4k", f.toString());
        assertThat(r.status()).isEqualTo(2);
        assertThat(r.err()).contains("--allow-overwrite").contains(f.toString());
        assertThat(Files.readAllBytes(f)).hasSize(4096);
    }

    @Test
    void debugShowsTheStackTraceThatIsOtherwiseHidden() throws Exception {
        Cli.Result r = Cli.run(dir, "run", "--debug", "--rw", "read", dir.resolve("missing/dir/f").toString());
        assertThat(r.status()).isEqualTo(2);
        assertThat(r.err()).contains("does not exist").contains("\tat ");
    }
}
