package org.iobench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.NoSuchFileException;
import java.util.concurrent.Callable;
import org.iobench.job.InvalidJobException;
import org.iobench.session.ExitException;
import org.iobench.store.StoreException;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** One handler turns every error into a status and one line; --debug adds where it happened. */
class ErrorHandlerTest {
    @Test
    void eachKindOfErrorHasItsStatus() {
        assertThat(ErrorHandler.outcome(new ExitException(2, "--x 1: bad"), false))
                .isEqualTo(new ErrorHandler.Outcome(2, "--x 1: bad"));
        assertThat(ErrorHandler.outcome(new InvalidJobException("--bs", 0, "must be 1..1GiB"), false))
                .isEqualTo(new ErrorHandler.Outcome(2, "--bs 0: must be 1..1GiB"));
        assertThat(ErrorHandler.outcome(new StoreException("cannot save x.db: disk I/O error"), false))
                .isEqualTo(new ErrorHandler.Outcome(1, "cannot save x.db: disk I/O error"));
        assertThat(ErrorHandler.outcome(new NoSuchFileException("/x/f"), false))
                .isEqualTo(new ErrorHandler.Outcome(1, "/x/f: no such file or directory"));
        assertThat(ErrorHandler.outcome(new IOException("pwrite f: ENOSPC"), false).status()).isEqualTo(1);
        ErrorHandler.Outcome bug = ErrorHandler.outcome(new NullPointerException("x is null"), false);
        assertThat(bug.status()).isEqualTo(ExitException.INTERNAL);
        assertThat(bug.message()).isEqualTo("internal error: java.lang.NullPointerException: x is null (a bug;"
                + " rerun with --debug for where it happened)");
    }

    @Command(name = "boom")
    static final class Boom implements Callable<Integer> {
        @CommandLine.Option(names = "--error")
        boolean error;

        @Override
        public Integer call() {
            if (error) {
                throw new AssertionError("an Error escapes picocli's handler");
            }
            throw new IllegalStateException("unexpected");
        }
    }

    @Command(name = "wrapped")
    static final class Wrapped implements Callable<Integer> {
        @Override
        public Integer call() {
            try {
                throw new IOException("the place where it happened");
            } catch (IOException e) {
                throw new ExitException(ExitException.USAGE, "--thing x: unreadable", e);
            }
        }
    }

    @Test
    void anUnexpectedExceptionIsAnInternalErrorWithStatus4AndNoStackTrace() {
        Run r = run("boom");
        assertThat(r.status).isEqualTo(4);
        assertThat(r.err).isEqualTo("iobench: internal error: java.lang.IllegalStateException: unexpected (a bug;"
                + " rerun with --debug for where it happened)\n");
        Run error = run("boom", "--error");
        assertThat(error.status).isEqualTo(4);
        assertThat(error.err).startsWith("iobench: internal error: java.lang.AssertionError").hasLineCount(1);
    }

    @Test
    void debugShowsTheCauseWhereTheErrorHappened() {
        Run plain = run("wrapped");
        assertThat(plain.status).isEqualTo(2);
        assertThat(plain.err).isEqualTo("iobench: --thing x: unreadable\n");
        Run debug = run("wrapped", "--debug");
        assertThat(debug.status).isEqualTo(2);
        assertThat(debug.err).startsWith("iobench: --thing x: unreadable\n")
                .contains("Caused by: java.io.IOException: the place where it happened")
                .contains("at org.iobench.cli.ErrorHandlerTest$Wrapped.call");
    }

    @Test
    void aConverterComplaintFollowsTheOptionName() {
        InProcess.Result r = InProcess.run("run", "--runs", "0", "f");
        assertThat(r.status()).isEqualTo(2);
        assertThat(r.err()).isEqualTo("iobench: --runs: '0' must be at least 1\n");
    }

    @Test
    void everythingACommandPrintsGoesThroughPicocliWriters() throws Exception {
        // verify's text goes through Streams, its error line through the handler: both captured here
        java.nio.file.Path f = java.nio.file.Files.createTempFile("iobench-streams", ".bin");
        try {
            java.nio.file.Files.write(f, new byte[8192]);
            InProcess.Result r = InProcess.run("verify", f.toString(), "--run", "0123456789abcdef", "--bs", "4k");
            assertThat(r.status()).isEqualTo(1);
            assertThat(r.out()).startsWith("verify " + f + ": 2 blocks of 4KiB");
            assertThat(r.err()).contains("no block of run 0123456789abcdef");
        } finally {
            java.nio.file.Files.delete(f);
        }
    }

    private record Run(int status, String err) {}

    private static Run run(String... args) {
        StringWriter err = new StringWriter();
        CommandLine cl = Main.commandLine().addSubcommand(new Boom()).addSubcommand(new Wrapped());
        cl.setErr(new PrintWriter(err, true));
        cl.setOut(new PrintWriter(new StringWriter(), true));
        int status = Main.execute(cl, args);
        return new Run(status, err.toString());
    }
}
