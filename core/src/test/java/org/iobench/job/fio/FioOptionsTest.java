package org.iobench.job.fio;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.iobench.job.JobSpec;
import org.junit.jupiter.api.Test;

/** fio's options as rows: each option is one row, and adding one is one row. */
class FioOptionsTest {

    /** A job's options, canonical name → value, as FioJobFile hands them over (lines 1, 2...). */
    private static FioJobOptions options(String... keyValues) {
        Map<String, FioSetting> m = new LinkedHashMap<>();
        for (int i = 0; i < keyValues.length; i += 2) {
            m.put(keyValues[i], new FioSetting(keyValues[i], keyValues[i + 1], "t.fio:" + (i / 2 + 2), ""));
        }
        return new FioJobOptions(m);
    }

    private static FioJob translate(FioOptions table, List<String> warnings, FioProblems problems,
                                    String... keyValues) {
        return new FioJobTranslator(table, problems, warnings).translate("j", "t.fio:1", options(keyValues));
    }

    @Test
    void addingAnOptionIsOneRowWithItsNameKindDefaultParserAndHandler() {
        FioOptions table = FioOptions.STANDARD.with(FioOption.of("throwaway_ramp_msec", FioOption.Kind.HONOURED)
                .aliases("throwaway_ramp").def("250")
                .apply(FioOption.WHOLE, (job, ms) -> job.spec().rampNanos(ms * 1_000_000)));
        assertThat(table.canonicalName("throwaway_ramp")).contains("throwaway_ramp_msec");
        assertThat(FioOptions.canonical("throwaway_ramp")).isEmpty(); // fio's own table does not know it

        List<String> warnings = new ArrayList<>();
        FioProblems problems = new FioProblems();
        JobSpec set = translate(table, warnings, problems, "filename", "f", "size", "1m", "throwaway_ramp_msec", "40")
                .clones().getFirst();
        assertThat(set.timing().rampNanos()).isEqualTo(40_000_000L);
        JobSpec absent = translate(table, warnings, problems, "filename", "f", "size", "1m").clones().getFirst();
        assertThat(absent.timing().rampNanos()).as("the handler runs with the row's default").isEqualTo(250_000_000L);
        assertThat(problems.list()).isEmpty();
        assertThat(warnings).isEmpty();
        assertThatThrownBy(() -> translate(table, warnings, problems, "filename", "f", "throwaway_ramp_msec", "x"))
                .hasMessage("t.fio:3: throwaway_ramp_msec=x: 'x' is not a whole number");
    }

    @Test
    void anOptionIobenchCannotDoYetIsOneRowToo() {
        FioOptions table = FioOptions.STANDARD.with(FioOption.of("throwaway_io", FioOption.Kind.CHANGES_IO)
                .def("0"));
        FioProblems problems = new FioProblems();
        FioJob job = translate(table, new ArrayList<>(), problems, "filename", "f", "throwaway_io", "1");
        assertThat(job.blocking()).singleElement().satisfies(p -> assertThat(p.line())
                .isEqualTo("t.fio:3: throwaway_io=1: not supported by iobench"));
        assertThat(translate(table, new ArrayList<>(), new FioProblems(), "filename", "f", "throwaway_io", "0")
                .blocking()).as("restating fio's default asks for nothing").isEmpty();
    }

    @Test
    void aNameOrAliasTakenTwiceIsRefusedWhenTheTableIsMade() {
        assertThatThrownBy(() -> FioOptions.STANDARD.with(FioOption.of("throwaway", FioOption.Kind.HONOURED)
                .aliases("bs"))).hasMessage("fio option named twice: bs");
        assertThatThrownBy(() -> FioOptions.STANDARD.with(FioOption.of("iodepth", FioOption.Kind.CHANGES_IO)))
                .hasMessage("fio option named twice: iodepth");
    }

    @Test
    void everyHonouredOptionHasAHandlerOrNamesWhatReadsIt() {
        for (FioOption<?> row : FioOptions.STANDARD.rows()) {
            boolean own = row.handler() != null;
            if (row.kind() == FioOption.Kind.HONOURED) {
                assertThat(own || !row.readBy().isEmpty()).as(row.name() + " has a handler or readBy").isTrue();
            }
            assertThat(own && !row.readBy().isEmpty()).as(row.name() + ": a handler and a readBy").isFalse();
            assertThat(own == (row.parser() != null)).as(row.name() + ": a parser with its handler").isTrue();
            if (FioOptions.names().contains(row.readBy())) {
                assertThat(FioOptions.STANDARD.row(row.readBy()).handler()).as(row.name() + " is read by "
                        + row.readBy() + ", which has a handler").isNotNull();
            }
            if (row.kind() != FioOption.Kind.HONOURED) {
                assertThat(own).as(row.name() + ": iobench does not do it, so no handler").isFalse();
            }
        }
    }

    @Test
    void everyRowsDefaultReadsWithItsOwnParser() {
        FioJobOptions none = options();
        for (FioOption<?> row : FioOptions.STANDARD.rows()) {
            if (row.parser() != null && !row.defaults().isEmpty()) {
                FioSetting d = new FioSetting(row.name(), row.defaults().getFirst(), "", "");
                row.parser().parse(none, d); // throws when the row's default is not its own kind of value
                assertThat(row.restatesDefault(d)).isTrue();
            }
        }
    }

    @Test
    void aliasesAndBareFlagsAreTheRowsOwn() {
        assertThat(FioOptions.canonical("blocksize")).contains("bs");
        assertThat(FioOptions.canonical("ss_dur")).contains("steadystate_duration");
        assertThat(FioOptions.canonical("bs")).contains("bs");
        assertThat(FioOptions.canonical("no_such_option")).isEmpty();
        assertThat(FioOptions.isFlag("time_based")).isTrue();
        assertThat(FioOptions.isFlag("runtime")).isFalse();
        assertThat(FioOptions.STANDARD.row("verify").restatesDefault(new FioSetting("verify", "none", "", "")))
                .isTrue();
        assertThat(FioOptions.STANDARD.row("norandommap").restatesDefault(new FioSetting("norandommap", "off", "",
                ""))).as("booleans in any of fio's spellings").isTrue();
    }

    @Test
    void nrfilesIsHonouredWithTheFileEnginesAndTheDataEngines() {
        FioJob named = translate(FioOptions.STANDARD, new ArrayList<>(), new FioProblems(), "filename", "f",
                "nrfiles", "4");
        assertThat(named.blocking()).isEmpty();
        assertThat(named.clones().getFirst().files()).as("fio ignores nrfiles when filename names the file")
                .isNull();
        FioJob files = translate(FioOptions.STANDARD, new ArrayList<>(), new FioProblems(), "ioengine",
                "filecreate", "nrfiles", "4");
        assertThat(files.blocking()).isEmpty();
        assertThat(files.clones().getFirst().fileOps().count()).isEqualTo(4);
    }
}
