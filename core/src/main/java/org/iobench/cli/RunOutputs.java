package org.iobench.cli;

import picocli.CommandLine.Mixin;

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

    /** Runs and prints on stdout/stderr, saving the results unless {@code --no-store}. */
    Execution execution() {
        return new Execution(output, monitor, System.out, System.err).saveWith(store);
    }
}
