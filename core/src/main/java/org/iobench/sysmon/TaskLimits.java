package org.iobench.sysmon;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * How many more threads this process may start, from what the kernel allows: {@code kernel.threads-max} and
 * {@code kernel.pid_max} (every thread takes a task and an id), this process's RLIMIT_NPROC soft limit ("Max
 * processes" in {@code /proc/self/limits}, counted over the user's tasks, which is at most every task here), less the
 * tasks that exist now ({@code /proc/loadavg}'s second count). A limit the kernel does not report is
 * {@link Long#MAX_VALUE}.
 *
 * @param threadsMax {@code /proc/sys/kernel/threads-max}
 * @param pidMax     {@code /proc/sys/kernel/pid_max}
 * @param nproc      RLIMIT_NPROC (soft); {@link Long#MAX_VALUE} when unlimited
 * @param tasksNow   the scheduling entities that exist now (every thread of every process); 0 when unknown
 */
public record TaskLimits(long threadsMax, long pidMax, long nproc, long tasksNow) {

    /** This machine's limits, read now. */
    public static TaskLimits system() {
        return read(ProcFs.system());
    }

    /** The limits under {@code proc} (a fixture directory in tests). */
    public static TaskLimits read(ProcFs proc) {
        Path root = proc.root();
        long tasks = Math.max(0, proc.loadAverage().totalEntities());
        return new TaskLimits(number(root.resolve("sys/kernel/threads-max")),
                number(root.resolve("sys/kernel/pid_max")), nproc(text(root.resolve("self/limits"))), tasks);
    }

    /** The tightest limit, less the tasks there are: the threads a job may still start (0 or more). */
    public long freeTasks() {
        long limit = Math.min(threadsMax, Math.min(pidMax, nproc));
        return limit == Long.MAX_VALUE ? Long.MAX_VALUE : Math.max(0, limit - tasksNow);
    }

    /** Which limit {@link #freeTasks} comes from, named for a message ("kernel.pid_max 32768"). */
    public String tightest() {
        if (pidMax <= threadsMax && pidMax <= nproc) {
            return "kernel.pid_max " + pidMax;
        }
        return threadsMax <= nproc ? "kernel.threads-max " + threadsMax : "RLIMIT_NPROC " + nproc;
    }

    /** The soft "Max processes" of {@code /proc/self/limits} text; MAX_VALUE when unlimited or absent. */
    static long nproc(String limits) {
        for (String line : limits.split("\n")) {
            if (line.startsWith("Max processes")) {
                String[] f = line.substring("Max processes".length()).strip().split("\\s+");
                return f.length > 0 ? parse(f[0]) : Long.MAX_VALUE;
            }
        }
        return Long.MAX_VALUE;
    }

    private static long number(Path file) {
        return parse(text(file).strip());
    }

    private static long parse(String s) {
        try {
            long v = Long.parseLong(s);
            return v > 0 ? v : Long.MAX_VALUE;
        } catch (NumberFormatException e) {
            return Long.MAX_VALUE; // "unlimited", or not there
        }
    }

    /**
     * The file's text, read as a stream: {@code Files.readAllBytes} returns only the first byte of a
     * {@code /proc/sys} file (seen with JDK 25 here: "1" for threads-max 192726; the file's size is 0).
     */
    private static String text(Path file) {
        try (var in = Files.newInputStream(file)) {
            return new String(in.readAllBytes(), StandardCharsets.ISO_8859_1);
        } catch (IOException | SecurityException e) {
            return "";
        }
    }
}
