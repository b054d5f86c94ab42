package org.iobench.cli;

import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import picocli.CommandLine.Model.CommandSpec;

/**
 * A command's standard output and error. There is one path for output: picocli's writers ({@code getOut()},
 * {@code getErr()}), which {@link Main} leaves on stdout and stderr and tests replace; these are the same writers
 * as {@link PrintStream}s for the text printers, flushed at every line.
 */
final class Streams {
    private Streams() {}

    static PrintStream out(CommandSpec spec) {
        return of(spec.commandLine().getOut());
    }

    static PrintStream err(CommandSpec spec) {
        return of(spec.commandLine().getErr());
    }

    static PrintStream of(PrintWriter writer) {
        return new PrintStream(new WriterOutputStream(writer), true, StandardCharsets.UTF_8);
    }
}
