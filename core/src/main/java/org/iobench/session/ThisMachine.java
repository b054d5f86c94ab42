package org.iobench.session;

import org.iobench.job.fio.FioHost;
import org.iobench.sys.Libc;
import org.iobench.sys.Sysconf;

/** What a command line asks of the machine it runs on: whether a person is at the terminal, and fio's host facts. */
public final class ThisMachine {
    private ThisMachine() {}

    /** Whether standard error is a terminal (a live line may be drawn there). */
    public static boolean stderrIsTerminal() {
        return Libc.isatty(2);
    }

    /** Whether standard output is a terminal (fio computes its ETA there). */
    public static boolean stdoutIsTerminal() {
        return Libc.isatty(1);
    }

    /** Whether standard input and standard error are both a terminal: a person who can be asked. */
    public static boolean personAtTerminal() {
        return Libc.isatty(0) && Libc.isatty(2);
    }

    /** What fio substitutes on this machine: sysconf's page size, memory and CPUs, and the environment. */
    public static FioHost fioHost() {
        return new FioHost(Sysconf.pageSize(), Sysconf.physicalMemoryBytes() >> 20, Sysconf.cpusConfigured(),
                System.getenv());
    }
}
