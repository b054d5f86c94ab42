package org.iobench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class CompletionCommandTest {
    @Test
    void theBashScriptCompletesEveryCommandAndItsOptions() {
        InProcess.Result r = InProcess.run("completion", "bash");
        assertThat(r.status()).isZero();
        assertThat(r.out()).contains("complete -F").contains("--threads").contains("--base");
        for (Class<?> c : Subcommands.ALL) {
            assertThat(r.out()).contains(Subcommands.name(c));
        }
    }

    @Test
    void theZshScriptLoadsBashCompletionsCompatibility() {
        InProcess.Result r = InProcess.run("completion", "zsh");
        assertThat(r.status()).isZero();
        assertThat(r.out()).contains("bashcompinit").contains("complete -F");
    }

    @Test
    void anotherShellIsRefused() {
        InProcess.Result r = InProcess.run("completion", "tcsh");
        assertThat(r.status()).isEqualTo(2);
        assertThat(r.err()).contains("SHELL").contains("tcsh");
    }

    @Test
    void helpListsTheCommandsAndShowsOneCommandsOptions() {
        InProcess.Result all = InProcess.run("help");
        assertThat(all.status()).isZero();
        assertThat(all.out()).contains("run").contains("compare").contains("completion").contains("Exit status:");
        InProcess.Result run = InProcess.run("help", "run");
        assertThat(run.out()).contains("Usage: iobench run").contains("--threads");
    }
}
