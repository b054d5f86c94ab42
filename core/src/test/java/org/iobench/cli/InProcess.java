package org.iobench.cli;

import java.io.PrintWriter;
import java.io.StringWriter;
import picocli.CommandLine;

/**
 * Runs a command in this JVM through Main's real error handling, with picocli's writers captured: everything a
 * command prints goes through them (see {@link Streams}).
 */
final class InProcess {
    record Result(int status, String out, String err) {}

    private InProcess() {}

    static Result run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cl = Main.commandLine();
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        int status = Main.execute(cl, args);
        return new Result(status, out.toString(), err.toString());
    }
}
