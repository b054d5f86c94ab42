package org.iobench.sysmon;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * How busy this JVM's JIT compiler threads ({@code C1 CompilerThre*}, {@code C2 CompilerThre*}, named so in
 * {@code /proc/self/task/TID/comm}) have been: the sum over them of the time they ran and the time they waited for a
 * CPU ({@code schedstat} fields 1 and 2), in ns. A compiler thread with nothing to compile sleeps on its queue, so
 * neither grows: between two readings that did not move, the JIT had no work in flight, even on a machine so busy
 * that a compiling thread waits for a CPU. The thread set is read again at each reading (the JVM starts and stops
 * compiler threads as their queues grow and shrink).
 */
public final class JitActivity {
    private static final Path TASKS = Path.of("/proc/self/task");

    private JitActivity() {}

    /** The compiler threads' run and wait time so far, ns; -1 when /proc cannot tell. */
    public static long busyNanos() {
        long sum = 0;
        boolean any = false;
        try (DirectoryStream<Path> tasks = Files.newDirectoryStream(TASKS)) {
            for (Path task : tasks) {
                String comm;
                try {
                    comm = Files.readString(task.resolve("comm"));
                } catch (IOException e) {
                    continue; // the thread ended meanwhile
                }
                if (!comm.startsWith("C1 CompilerThre") && !comm.startsWith("C2 CompilerThre")) {
                    continue;
                }
                try {
                    String[] f = Files.readString(task.resolve("schedstat")).trim().split("\\s+");
                    sum += Long.parseLong(f[0]) + Long.parseLong(f[1]);
                    any = true;
                } catch (IOException | RuntimeException e) {
                    // the thread ended meanwhile, or no schedstat on this kernel
                }
            }
        } catch (IOException | RuntimeException e) {
            return -1;
        }
        return any ? sum : -1;
    }
}
