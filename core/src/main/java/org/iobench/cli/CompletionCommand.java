package org.iobench.cli;

import java.util.concurrent.Callable;
import picocli.AutoComplete;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code iobench completion bash|zsh}: prints a completion script for every command and option, made by picocli's
 * {@link AutoComplete} from the same model that parses the command line, so it cannot drift from the options.
 * picocli writes one script for both shells: zsh runs it through {@code bashcompinit}, which the script loads.
 */
@Command(name = "completion", mixinStandardHelpOptions = true,
        description = "Print a shell completion script for iobench's commands and options.",
        footer = {"", "Load it in the current shell:  source <(iobench completion bash)   (zsh: ... completion zsh)",
                "Install it for bash:  iobench completion bash > ~/.local/share/bash-completion/completions/iobench",
                "For zsh, add to ~/.zshrc:  source <(iobench completion zsh)"})
final class CompletionCommand implements Callable<Integer> {
    /** The shells the script is made for. */
    enum Shell { bash, zsh }

    @Parameters(index = "0", paramLabel = "SHELL", description = "bash or zsh")
    Shell shell;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        var out = spec.commandLine().getOut();
        out.print(AutoComplete.bash(spec.root().name(), spec.root().commandLine()));
        out.flush();
        return 0;
    }
}
