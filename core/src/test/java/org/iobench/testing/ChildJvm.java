package org.iobench.testing;

import java.util.ArrayList;
import java.util.List;

/**
 * The start of a command line for a child JVM that runs test-classpath code, as the tests' own JVM runs it.
 *
 * <p>sqlite-jdbc extracts its native library into a uniquely named file (and a {@code .lck} beside it) at each
 * start and deletes both only at a normal exit; a child killed on purpose (the store's crash test kills dozens)
 * leaves them behind. The build points {@code org.sqlite.tmpdir} at {@code target/} and children inherit it here,
 * so those files end in the build directory, not in the machine's temporary directory. The build turns iobench's
 * own warm-up off ({@code iobench.warmup=off}); children inherit that too.
 *
 * <p>Children start with the client compiler only and the serial collector: a child of a test lives a second or
 * two, most of it starting up, and on a 2-core machine C2's compiler threads and G1's helpers cost that start more
 * CPU than they ever pay back (a 1 MiB {@code run}: 1.2 s of CPU with the defaults, 0.7 s so). Nothing a test checks
 * depends on which JIT compiled the code; {@code bench/} measures speed in JVMs of their own.
 */
public final class ChildJvm {
    private ChildJvm() {}

    /** The java launcher of this JVM, native access for the sys package, and the properties children inherit. */
    public static List<String> command() {
        List<String> cmd = new ArrayList<>();
        cmd.add(ProcessHandle.current().info().command().orElse("java"));
        cmd.add("--enable-native-access=ALL-UNNAMED");
        cmd.add("-XX:TieredStopAtLevel=1");
        cmd.add("-XX:+UseSerialGC");
        String sqliteTmp = System.getProperty("org.sqlite.tmpdir");
        if (sqliteTmp != null) {
            cmd.add("-Dorg.sqlite.tmpdir=" + sqliteTmp);
        }
        String warmUp = System.getProperty("iobench.warmup");
        if (warmUp != null) { // the suite turns iobench's own warm-up off; its children too
            cmd.add("-Diobench.warmup=" + warmUp);
        }
        return cmd;
    }
}
