package org.iobench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class SubcommandsTest {
    private static CommandLine needed(String... args) {
        return Main.commandLine(args);
    }

    @Test
    void aCommandLineNamingACommandGetsThatCommandOnly() {
        assertThat(needed("run", "--size", "1m", "f").getSubcommands()).containsOnlyKeys("run");
        assertThat(needed("--debug", "compare", "--by", "kernel").getSubcommands()).containsOnlyKeys("compare");
    }

    @Test
    void theQuickSuiteAndVersionGetNoCommand() {
        assertThat(needed().getSubcommands()).isEmpty();
        assertThat(needed("--version").getSubcommands()).isEmpty();
        assertThat(needed("-o", "quick.json", "--quiet").getSubcommands()).isEmpty();
    }

    @Test
    void anOptionsValueIsNotTakenForTheCommand() {
        assertThat(Subcommands.firstWord(needed().getCommandSpec(), new String[] {"-o", "run", "-q"})).isNull();
        assertThat(Subcommands.firstWord(needed().getCommandSpec(), new String[] {"--note", "x", "runs"}))
                .isEqualTo("runs");
        assertThat(Subcommands.firstWord(needed().getCommandSpec(), new String[] {"--note=x", "runs"}))
                .isEqualTo("runs");
    }

    @Test
    void helpCompletionAndUnknownWordsGetEveryCommand() {
        int all = Subcommands.ALL.size();
        assertThat(needed("--help").getSubcommands()).hasSize(all);
        assertThat(needed("help", "run").getSubcommands()).hasSize(all);
        assertThat(needed("completion", "bash").getSubcommands()).hasSize(all);
        assertThat(needed("rn").getSubcommands()).hasSize(all);
    }

    @Test
    void everyCommandHasItsOwnName() {
        assertThat(Subcommands.ALL.stream().map(Subcommands::name)).doesNotHaveDuplicates()
                .contains("run", "help", "completion");
    }

    @Test
    void everyCommandPrintsTheVersionAsTheShortPathOfMainDoes(@TempDir Path dir) throws Exception {
        InProcess.Result r = InProcess.run("runs", "--version");
        assertThat(r.status()).isZero();
        assertThat(r.out()).startsWith("iobench ").contains("(commit ").contains("JDK " + Runtime.version());
        Cli.Result direct = Cli.run(dir, "--version");
        assertThat(direct.status()).isZero();
        assertThat(direct.out()).isEqualTo(r.out());
    }
}
