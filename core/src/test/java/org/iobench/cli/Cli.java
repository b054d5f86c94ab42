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

    static Process start(Path workDir, String... args) throws IOException {
        return start(workDir, List.of(), args);
    }

    /** Starts Main in a child JVM with {@code jvmOptions} before the class path. */
    static Process start(Path workDir, List<String> jvmOptions, String... args) throws IOException {
        String java = ProcessHandle.current().info().command().orElse("java");
        List<String> cmd = new ArrayList<>(List.of(java, "--enable-native-access=ALL-UNNAMED"));
        cmd.addAll(jvmOptions);
        cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), Main.class.getName()));
        cmd.addAll(List.of(args));
        return new ProcessBuilder(cmd).directory(workDir.toFile()).start();
    }

    static Result run(Path workDir, String... args) throws Exception {
        Process p = start(workDir, args);
        return finish(p);
    }

    static Result run(Path workDir, List<String> jvmOptions, String... args) throws Exception {
        return finish(start(workDir, jvmOptions, args));
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
