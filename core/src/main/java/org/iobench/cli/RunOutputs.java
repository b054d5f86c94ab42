package org.iobench.cli;

import java.io.PrintStream;
import org.iobench.report.RunFormat;
import org.iobench.report.RunFormats;
import org.iobench.session.ExitException;
import org.iobench.session.LocalHost;
import org.iobench.session.RunHost;
import org.iobench.session.Session;
import org.iobench.session.SetupSignals;
import org.iobench.store.StoreLocation;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * The options every command that runs jobs shares (output, system monitor, result store), and the
 * {@link Session} they make: declared once, mixed into run, suite, dd, saturate and the quick suite. The command
 * runs on this machine ({@link LocalHost}) unless an agent hands it the controller's host ({@link #hostedBy}).
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

    private RunHost host; // null: this machine

    /** The command runs for a controller on {@code host} (an agent's job), not as typed at this machine. */
    void hostedBy(RunHost host) {
        this.host = host;
    }

    /** Whether the command runs as typed at this machine (not an agent's job for a controller). */
    boolean local() {
        return host == null;
    }

    /**
     * The session that runs, prints and saves, on the host this command has. On this machine, everything that
     * keeps the results (the {@code -o} file, the labels, the database) is checked first ({@link #localHost}).
     *
     * @throws ExitException status 2 naming what is wrong
     */
    Session session() {
        return session(host != null ? host : localHost());
    }

    Session session(RunHost host) {
        return new Session(host, monitor.sampleIntervalMillis());
    }

    /**
     * Checks everything that keeps the results (the {@code -o} file, the labels, the database) and returns the
     * host that prints and saves them here. Call it before the first byte of I/O: a bad output path must end the
     * command before a long run, not after it.
     *
     * @throws ExitException status 2 naming what is wrong
     */
    LocalHost localHost() {
        Output.Choice choice = output.choose(spec.name(), spec.commandLine().getErr());
        if (choice.file() != null) {
            store.db.protectedFiles().forEach(choice.file()::refuseDatabase); // a database not made yet, too
        }
        if (store.noStore) {
            store.check();
        } else { // another process may hold the database locked: SQLite waits, and a signal then says so
            SetupSignals.whileWaiting("opening the result database "
                    + StoreLocation.describe(store.db.url()), store::check);
        }
        RunFormat document = RunFormats.document(choice.format(), RunFormats.DOCUMENTS).orElse(null);
        return new LocalHost(document, choice.file(), output.quiet, out(), err(), debug(spec),
                store.saver()).protecting(store.db.protectedFiles());
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
