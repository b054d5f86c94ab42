package org.iobench.cli;

import java.io.PrintWriter;
import java.io.StringWriter;
import picocli.CommandLine;

/** Runs a command in this JVM with captured output, for commands that print through picocli (tables). */
final class InProcess {
    record Result(int status, String out, String err) {}

    private InProcess() {}

    static Result run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cl = Main.commandLine();
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        cl.setParameterExceptionHandler((ex, a) -> {
            ex.getCommandLine().getErr().println("iobench: " + ex.getMessage());
            return ExitException.USAGE;
        });
        cl.setExecutionExceptionHandler((ex, cmd, parsed) -> {
            if (ex instanceof ExitException e) {
                cmd.getErr().println("iobench: " + e.getMessage());
                return e.status();
            }
            throw ex;
        });
        int status = cl.execute(args);
        return new Result(status, out.toString(), err.toString());
    }
}
