package org.iobench.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Runs iobench's Main in a child JVM, as a user would: real exit status, stdout, stderr and signals. */
final class Cli {
    record Result(int status, String out, String err) {}

    private Cli() {}

    /**
     * True when {@code env --default-signal} (GNU coreutils 8.31+) is there to give a child the default disposition
     * of SIGINT, SIGTERM and SIGHUP: Maven started as a background job of a non-interactive shell ignores SIGINT,
     * and the JVM, like a shell, keeps ignoring a signal it started with ignored.
     */
    static final boolean SIGNALS_RESET = envResetsSignals();

    /** Starts iobench; its SIGINT, SIGTERM and SIGHUP have their default disposition where {@link #SIGNALS_RESET}. */
    static Process start(Path workDir, String... args) throws IOException {
        return start(workDir, SIGNALS_RESET ? List.of("env", "--default-signal=INT,TERM,HUP") : List.of(), List.of(),
                args);
    }

    /** Starts iobench behind {@code prefix} (a command that execs the rest, such as {@code env}). */
    static Process start(Path workDir, List<String> prefix, String... args) throws IOException {
        return start(workDir, prefix, List.of(), args);
    }

    /**
     * Starts Main in a child JVM behind {@code prefix} (a command that execs the rest, such as {@code env}), with
     * {@code jvmOptions} before the class path.
     */
    static Process start(Path workDir, List<String> prefix, List<String> jvmOptions, String... args)
            throws IOException {
        List<String> cmd = new ArrayList<>(prefix);
        cmd.addAll(org.iobench.testing.ChildJvm.command());
        cmd.addAll(jvmOptions);
        cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), Main.class.getName()));
        cmd.addAll(List.of(args));
        return new ProcessBuilder(cmd).directory(workDir.toFile()).start();
    }

    /** Whether the running child ignores {@code signal} (its {@code SigIgn} mask in /proc/PID/status). */
    static boolean ignores(Process p, int signal) throws IOException {
        for (String line : java.nio.file.Files.readAllLines(Path.of("/proc", Long.toString(p.pid()), "status"))) {
            if (line.startsWith("SigIgn:")) {
                return (Long.parseUnsignedLong(line.substring(7).strip(), 16) >>> (signal - 1) & 1) == 1;
            }
        }
        return false;
    }

    /**
     * Waits until the child has a thread whose name starts with {@code prefix} ({@code "iobench-worker"}: a run is
     * under way), polling {@code /proc/PID/task/}{@code *}{@code /comm}. Bounded: fails after 120 s or when the child
     * exits first.
     */
    static void awaitThread(Process p, String prefix) throws Exception {
        String shortPrefix = prefix.length() > 15 ? prefix.substring(0, 15) : prefix; // comm holds 15 characters
        awaitCondition(p, "a thread named " + prefix + "*", () -> {
            Path tasks = Path.of("/proc", Long.toString(p.pid()), "task");
            try (var ts = java.nio.file.Files.list(tasks)) {
                for (Path t : ts.toList()) {
                    try {
                        if (java.nio.file.Files.readString(t.resolve("comm")).startsWith(shortPrefix)) {
                            return true;
                        }
                    } catch (IOException gone) {
                        // the thread ended meanwhile
                    }
                }
            } catch (IOException e) {
                return false;
            }
            return false;
        });
    }

    /** Waits (bounded, 120 s) until {@code condition} holds while the child runs; fails if the child exits first. */
    static void awaitCondition(Process p, String what, java.util.concurrent.Callable<Boolean> condition)
            throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        while (!condition.call()) {
            if (!p.isAlive()) {
                Result r = finish(p);
                throw new AssertionError("iobench exited (" + r.status() + ") before " + what + ": " + r.err());
            }
            if (System.nanoTime() > deadline) {
                p.destroyForcibly();
                throw new AssertionError("no " + what + " in 120 s");
            }
            Thread.sleep(20);
        }
    }

    /** Sends {@code signal} ({@code "TERM"}, {@code "INT"}, {@code "HUP"}) to the child. */
    static void signal(Process p, String signal) throws IOException {
        org.iobench.testing.Root.sh("kill", "-" + signal, Long.toString(p.pid()));
    }

    /**
     * Skips the calling test (after stopping {@code p}) when the child ignores SIGINT: Maven was started with it
     * ignored and {@code env --default-signal} was not there to reset it.
     */
    static void assumeSigintDelivered(Process p) throws IOException {
        if (ignores(p, 2)) {
            p.destroyForcibly();
            org.junit.jupiter.api.Assumptions.abort("the child started with SIGINT ignored (Maven runs as a background"
                    + " job of a non-interactive shell) and env --default-signal is not available to reset it");
        }
    }

    private static boolean envResetsSignals() {
        try {
            Process p = new ProcessBuilder("env", "--default-signal=INT,TERM,HUP", "true")
                    .redirectErrorStream(true).start();
            p.getInputStream().readAllBytes();
            return p.waitFor(30, TimeUnit.SECONDS) && p.exitValue() == 0;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    static Result run(Path workDir, String... args) throws Exception {
        Process p = start(workDir, args);
        return finish(p);
    }

    static Result run(Path workDir, List<String> jvmOptions, String... args) throws Exception {
        return finish(start(workDir, List.of(), jvmOptions, args));
    }

    static Result finish(Process p) throws Exception {
        var out = p.getInputStream();
        var err = p.getErrorStream();
        var outText = new java.util.concurrent.CompletableFuture<String>();
        Thread.ofVirtual().start(() -> {
            try {
                outText.complete(new String(out.readAllBytes(), StandardCharsets.UTF_8));
            } catch (IOException e) {
                outText.completeExceptionally(e);
            }
        });
        String errText = new String(err.readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(120, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("iobench did not finish in 120 s");
        }
        return new Result(p.exitValue(), outText.get(), errText);
    }
}
