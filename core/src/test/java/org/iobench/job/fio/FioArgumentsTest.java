package org.iobench.job.fio;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.iobench.job.InvalidJobException;
import org.iobench.job.UnsupportedJobException;
import org.junit.jupiter.api.Test;

/** fio 3.33's command line as its {@code parse_cmd_line} reads it. */
class FioArgumentsTest {
    private static FioArguments parse(String... args) {
        return FioArguments.parse(List.of(args));
    }

    @Test
    void optionsBeforeTheFirstNameAreGlobalAndEachNameStartsAJobWithItsOwnOptions() {
        FioArguments a = parse("--bs=4k", "--name=one", "--rw=read", "--name", "two", "--rw", "write", "job.fio");
        List<FioSection> s = a.commandLine();
        assertThat(s).extracting(FioSection::name).containsExactly("global", "one", "two");
        assertThat(s.get(0).settings()).extracting(FioSetting::text).containsExactly("bs=4k");
        assertThat(s.get(1).settings()).extracting(FioSetting::text).containsExactly("name=one", "rw=read");
        assertThat(s.get(2).settings()).extracting(FioSetting::text).containsExactly("name=two", "rw=write");
        assertThat(a.jobFiles()).containsExactly("job.fio");
        assertThat(a.hasCommandLineJobs()).isTrue();
    }

    @Test
    void aBareFlagTakesNoValueSoTheNextArgumentIsNotItsAndSingleDashesAreLongOptions() {
        FioArguments a = parse("-name=x", "--group_reporting", "file.fio", "-time_based", "--runtime", "2");
        assertThat(a.commandLine().getFirst().settings()).extracting(FioSetting::text)
                .containsExactly("name=x", "group_reporting", "time_based", "runtime=2");
        assertThat(a.jobFiles()).containsExactly("file.fio");
    }

    @Test
    void outputFormatsAreCommaSeparatedAndJsonPlusIsJsonWithBinsAndMinimalIsTerse() {
        assertThat(parse("--output-format=json+,normal").formats()).containsExactlyInAnyOrder(
                FioArguments.OutputFormat.JSON, FioArguments.OutputFormat.JSON_PLUS, FioArguments.OutputFormat.NORMAL);
        assertThat(parse("--minimal").formats()).containsExactly(FioArguments.OutputFormat.TERSE);
        assertThat(parse().formats()).containsExactly(FioArguments.OutputFormat.NORMAL);
        assertThatThrownBy(() -> parse("--output-format=xml")).isInstanceOf(InvalidJobException.class)
                .hasMessageContaining("fio: invalid output format xml");
    }

    @Test
    void fiosOwnOptionsAreRead() {
        FioArguments a = parse("--output", "out.json", "--max-jobs=16", "--section=b", "--readonly", "--parse-only",
                "--terse-version=5", "--eta=never", "--name=a", "--name=b");
        assertThat(a.output()).contains("out.json");
        assertThat(a.maxJobs()).contains(16);
        assertThat(a.readOnly()).isTrue();
        assertThat(a.parseOnly()).isTrue();
        assertThat(a.terseVersion()).isEqualTo(5);
        assertThat(a.eta()).isEqualTo("never");
        assertThat(a.commandLine()).extracting(FioSection::name).containsExactly("b");
    }

    @Test
    void whatFioRefusesIsRefusedWithFiosWordsAndWhatIobenchCannotDoIsRefusedByName() {
        assertThatThrownBy(() -> parse("--bogus=1")).hasMessage("fio: unrecognized option '--bogus=1'");
        assertThatThrownBy(() -> parse("--section=global")).hasMessageContaining("can't use global as only section");
        assertThatThrownBy(() -> parse("--terse-version=9")).hasMessageContaining("bad terse version format");
        assertThatThrownBy(() -> parse("--output")).hasMessageContaining("requires an argument");
        assertThatThrownBy(() -> parse("--readonly=1")).hasMessageContaining("doesn't allow an argument");
        assertThatThrownBy(() -> parse("--client=host")).hasMessageContaining("--client")
                .hasMessageContaining("client/server");
        assertThatThrownBy(() -> parse("--status-interval=0"))
                .hasMessage("fio: --status-interval=0: status interval too small");
        assertThatThrownBy(() -> parse("--status-interval=soon"))
                .hasMessage("fio: --status-interval=soon: failed parsing time soon");
        assertThatThrownBy(() -> parse("--eta-interval=100ms"))
                .hasMessage("fio: --eta-interval=100ms: eta interval time too short (250msec min)");
        assertThatThrownBy(() -> parse("--eta-interval=x"))
                .hasMessage("fio: --eta-interval=x: failed parsing eta interval x");
        assertThatThrownBy(() -> parse("--eta-newline=0"))
                .hasMessage("fio: --eta-newline=0: eta new line time too short");
        assertThatThrownBy(() -> parse("--eta-newline=500us"))
                .as("fio keeps whole ms: 500 us is 0").hasMessageContaining("eta new line time too short");
    }

    @Test
    void theEtaAndStatusIntervalsAreReadInMillisecondsAsFioKeepsThem() {
        FioArguments none = parse("--name=a");
        assertThat(none.etaIntervalMillis()).isEqualTo(1000);
        assertThat(none.etaNewlineMillis()).isZero();
        assertThat(none.statusIntervalMillis()).isZero();
        FioArguments a = parse("--status-interval=2", "--eta-interval", "250ms", "--eta-newline=1.5", "--name=a");
        assertThat(a.statusIntervalMillis()).as("a bare number is seconds").isEqualTo(2000);
        assertThat(a.etaIntervalMillis()).isEqualTo(FioArguments.ETA_INTERVAL_MIN_MILLIS);
        assertThat(a.etaNewlineMillis()).isEqualTo(1500);
        assertThat(parse("--status-interval=1ms", "--name=a").statusIntervalMillis()).as("fio's least").isEqualTo(1);
    }

    @Test
    void whatFioWouldRunAndIobenchCannotIsUnsupportedWhileFiosOwnRefusalsAreNot() {
        for (String arg : List.of("--eta=sometimes", "--client=host", "--idle-prof=system")) {
            assertThatThrownBy(() -> parse(arg)).as(arg).isInstanceOf(UnsupportedJobException.class);
        }
        assertThatThrownBy(() -> parse("--cmdhelp")).as("an optional value, not given: refused by name, not"
                + " \"requires an argument\"").isInstanceOf(UnsupportedJobException.class)
                .hasMessageContaining("--cmdhelp");
        assertThatThrownBy(() -> parse("--enghelp", "job.fio")).isInstanceOf(UnsupportedJobException.class)
                .hasMessageContaining("--enghelp");
        for (String arg : List.of("--bogus", "--status-interval=0", "--eta-interval=100ms", "--eta-newline=0")) {
            assertThatThrownBy(() -> parse(arg)).as(arg).isInstanceOf(InvalidJobException.class)
                    .isNotInstanceOf(UnsupportedJobException.class);
        }
    }

    @Test
    void warningsFatalAndAuxPathAreReadAndAbsentByDefault() {
        FioArguments a = parse("--warnings-fatal", "--aux-path", "/tmp/state", "--name=a");
        assertThat(a.warningsFatal()).isTrue();
        assertThat(a.auxPath()).contains("/tmp/state");
        FioArguments none = parse("--name=a");
        assertThat(none.warningsFatal()).isFalse();
        assertThat(none.auxPath()).isEmpty();
        assertThatThrownBy(() -> parse("--warnings-fatal=1")).hasMessageContaining("doesn't allow an argument");
    }

    @Test
    void theBandwidthLogIsSampledWhereFioComputesItsEta() {
        assertThat(parse("--name=a").bandwidthLog()).isFalse();
        FioArguments auto = parse("--bandwidth-log", "--name=a");
        assertThat(auto.bandwidthLog()).isTrue();
        assertThat(auto.etaComputed(true)).as("auto: on a terminal").isTrue();
        assertThat(auto.etaComputed(false)).as("auto: not into a pipe").isFalse();
        assertThat(parse("--eta=always", "--name=a").etaComputed(false)).isTrue();
        assertThat(parse("--eta=never", "--name=a").etaComputed(true)).isFalse();
        assertThat(parse("--eta=always", "--output-format=json", "--name=a").etaComputed(true))
                .as("only JSON on stdout: fio computes no ETA").isFalse();
        assertThat(parse("--eta=always", "--output-format=json", "--output=/tmp/x", "--name=a").etaComputed(false))
                .as("JSON into a file: stdout is free for the ETA").isTrue();
        assertThatThrownBy(() -> parse("--bandwidth-log=1")).hasMessageContaining("doesn't allow an argument");
    }
}
