package org.iobench.cli;

import java.util.concurrent.Callable;
import picocli.AutoComplete;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code iobench completion bash|zsh|fish}: prints a completion script for every command and option, made from the
 * same model that parses the command line, so it cannot drift from the options: picocli's {@link AutoComplete} for
 * bash and zsh (one script: zsh runs it through {@code bashcompinit}, which the script loads), {@link FishCompletion}
 * for fish. Values come from the options' candidates ({@link Candidates}).
 */
@Command(name = "completion", mixinStandardHelpOptions = true,
        description = "Print a shell completion script (bash, zsh or fish) for iobench's commands and options.",
        footer = {"", "Load it in the current shell:  source <(iobench completion bash)   (zsh: ... completion zsh)",
                "Install it for bash:  iobench completion bash > ~/.local/share/bash-completion/completions/iobench",
                "For zsh, add to ~/.zshrc:  source <(iobench completion zsh)",
                "For fish:  iobench completion fish > ~/.config/fish/completions/iobench.fish"})
final class CompletionCommand implements Callable<Integer> {
    /** The shells the script is made for. */
    enum Shell { bash, zsh, fish }

    @Parameters(index = "0", paramLabel = "SHELL", description = "${COMPLETION-CANDIDATES}")
    Shell shell;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        var out = spec.commandLine().getOut();
        out.print(shell == Shell.fish ? FishCompletion.script(spec.root())
                : AutoComplete.bash(spec.root().name(), spec.root().commandLine()));
        out.flush();
        return 0;
    }
}
