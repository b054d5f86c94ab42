package org.iobench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * One rule for counts, sizes and durations in every command: 0 or less where it has no meaning is refused before
 * anything runs, exit 2, one line "iobench: OPTION: 'VALUE' must be ...". (Each of these once started a 1 GiB run.)
 */
class CountsAndSizesTest {
    @TempDir
    Path dir;

    @ParameterizedTest(name = "{0} {1} {2}")
    @CsvSource(delimiter = '|', value = {
            "suite quick DIR  | --runs          | 0     | must be at least 1",
            "suite quick DIR  | --runs          | -1    | must be at least 1",
            "suite quick DIR  | --size          | 0     | must be more than 0",
            "suite crystal DIR| --time          | 0     | must be more than 0",
            "suite kernel-dd DIR | --runs       | 0     | must be at least 1",
            "run DIR/f        | --size          | 0     | must be more than 0",
            "run DIR/f        | --time          | 0     | must be more than 0",
            "run DIR/f        | --time          | -5s   | is not a duration",
            "run DIR/f        | --runs          | 0     | must be at least 1",
            "run DIR/f        | --runs          | many  | is not a whole number",
            "run DIR/f        | --threads       | -1    | must be at least 1",
            "run DIR/f        | --iodepth       | 0     | must be at least 1",
            "run DIR/f        | --bs            | 0     | must be at least 1",
            "run DIR/f        | --batch         | 0     | must be at least 1",
            "run DIR/f        | --fsync-every   | -1    | must be at least 0",
            "run DIR/f        | --steady-window | 0     | must be more than 0",
            "run DIR/f        | --sample-interval | 10us | must be 0 (off) or at least 1ms",
            "dd if=/dev/zero of=DIR/f count=1 | --sample-interval | 10us | must be 0 (off) or at least 1ms",
            "saturate DIR     | --max           | 0     | must be at least 1",
            "saturate DIR     | --step-time     | 0     | must be more than 0",
            "saturate DIR     | --refine        | -1    | must be at least 0",
            "micro x.Y        | --samples       | 0     | must be at least 1",
            "micro x.Y        | --sample-time   | 0     | must be more than 0",
            "micro x.Y        | --fork          | -1    | must be at least 0",
            "verify DIR/f --run 0123456789abcdef | --bs | 0 | must be more than 0",
            "verify DIR/f --run 0123456789abcdef | --size | 0 | must be more than 0",
    })
    void aValueWithoutMeaningIsRefusedBeforeAnythingRuns(String command, String option, String value, String why)
            throws Exception {
        List<String> args = new ArrayList<>();
        for (String word : command.strip().split(" +")) {
            args.add(word.replace("DIR", dir.toString()));
        }
        args.add(option.strip());
        args.add(value.strip());
        InProcess.Result r = InProcess.run(args.toArray(String[]::new));
        assertThat(r.status()).as(r.err()).isEqualTo(2);
        assertThat(r.err()).isEqualTo("iobench: " + option.strip() + ": '" + value.strip() + "' " + why.strip()
                + (why.contains("duration") ? " (examples: 30s, 3m, 500ms, 1h)" : "") + "\n");
        try (var files = Files.list(dir)) {
            assertThat(files).as("nothing created").isEmpty();
        }
    }
}
