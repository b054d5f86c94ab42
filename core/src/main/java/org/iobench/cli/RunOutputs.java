package org.iobench.cli;

import java.io.PrintStream;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * The options every command that runs jobs shares (output, system monitor, result store), and the
 * {@link Execution} they make: declared once, mixed into run, suite, dd, saturate and the quick suite.
 */
final class RunOutputs {
    @Mixin
    OutputOptions output = new OutputOptions();

    @Mixin
    MonitorOptions monitor = new MonitorOptions();

    @Mixin
    StoreOptions store = new StoreOptions();

    @Spec(Spec.Target.MIXEE)
    CommandSpec spec;

    /**
     * Checks everything that keeps the results (the {@code -o} file, the labels, the database) and returns
     * the execution that runs, prints and saves. Call it before the first byte of I/O: a bad output path must end
     * the command before a long run, not after it.
     *
     * @throws ExitException status 2 naming what is wrong
     */
    Execution execution() {
        Output.Choice choice = output.choose(spec.name(), spec.commandLine().getErr());
        store.check();
        return new Execution(choice, output.quiet, monitor, out(), err(), debug(spec)).saveWith(store);
    }

    PrintStream out() {
        return Streams.out(spec);
    }

    PrintStream err() {
        return Streams.err(spec);
    }

    /** Whether the command line asked for stack traces. */
    static boolean debug(CommandSpec spec) {
        return spec.root().commandLine().getParseResult() != null
                && spec.root().commandLine().getParseResult().originalArgs().contains("--debug");
    }
}
