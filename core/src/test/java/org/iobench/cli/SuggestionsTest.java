package org.iobench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class SuggestionsTest {
    @Test
    void aMistypedCommandSuggestsTheCommand() {
        InProcess.Result r = InProcess.run("rn");
        assertThat(r.status()).isEqualTo(2);
        assertThat(r.err()).isEqualTo("iobench: unknown command 'rn' (did you mean run?)" + System.lineSeparator());
        assertThat(InProcess.run("comapre").err()).contains("did you mean compare?");
        InProcess.Result help = InProcess.run("help", "rn");
        assertThat(help.status()).isEqualTo(2);
        assertThat(help.err()).contains("help: unknown command 'rn' (did you mean run?)");
    }

    @Test
    void aMistypedOptionSuggestsTheOptionAndDoesNotCallTheTargetAnOption() {
        InProcess.Result r = InProcess.run("run", "--thread", "4", "DIR");
        assertThat(r.status()).isEqualTo(2);
        assertThat(r.err()).isEqualTo("iobench: run: unknown option '--thread' (did you mean --threads?)"
                + System.lineSeparator());
        assertThat(InProcess.run("run", "--szie=4k", "DIR").err()).contains("unknown option '--szie'")
                .contains("did you mean --size?");
    }

    @Test
    void withoutAnythingCloseTheMessageSaysWhereTheNamesAreListed() {
        assertThat(InProcess.run("xyzzy").err()).contains("unknown command 'xyzzy'; iobench help lists the commands");
        assertThat(InProcess.run("runs", "--qqq").err())
                .contains("runs: unknown option '--qqq'; iobench help runs lists the options");
    }

    @Test
    void typosAreWithinASmallEditDistanceAndAbbreviationsCount() {
        List<String> names = List.of("--threads", "--time", "--size", "--sync", "--seed");
        assertThat(Suggestions.nearest("--thread", names)).containsExactly("--threads");
        assertThat(Suggestions.nearest("--tiem", names)).containsExactly("--time");
        assertThat(Suggestions.nearest("--thr", names)).containsExactly("--threads");
        assertThat(Suggestions.nearest("--bogus", names)).isEmpty();
        assertThat(Suggestions.distance("rn", "run")).isEqualTo(1);
        assertThat(Suggestions.distance("abcd", "acbd")).isEqualTo(1);
    }
}
