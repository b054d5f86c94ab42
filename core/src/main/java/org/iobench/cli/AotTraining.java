package org.iobench.cli;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * The training run of the JDK's AOT cache (JEP 483/514), started by the build as
 * {@code java -XX:AOTCacheOutput=iobench.aot -cp iobench.jar org.iobench.cli.AotTraining WORKDIR [SET]}: it runs, in
 * this one JVM, the commands of a set, so that the classes they load and link are in the cache that
 * {@code bin/iobench} passes to later starts. Two sets, two caches, because a cache loads every class it holds at
 * each start (about 45 ms of CPU and 15 MiB of memory for the database, JSON and report classes):
 * <ul>
 *   <li>{@code all} (the default; {@code iobench.aot}): help, {@code --version}, a short run with and without the
 *       store, the run list, a report, a comparison;</li>
 *   <li>{@code no-store} ({@code iobench-no-store.aot}, which {@code bin/iobench} uses for {@code --version} and
 *       any command line with {@code --no-store}): {@code --version}, and short runs without the store.</li>
 * </ul>
 *
 * <p>Everything it writes (the scratch file, a SQLite database, a report page) lives in {@code WORKDIR}, which it
 * creates and removes: the user's result database and the current directory are never touched. Its commands'
 * output is discarded; one line says what was trained, and a failing command fails the build (status 1).
 */
public final class AotTraining {
    private AotTraining() {}

    public static void main(String[] args) throws IOException {
        if (args.length < 1 || args.length > 2 || args.length == 2 && !List.of("all", "no-store").contains(args[1])) {
            System.err.println("usage: AotTraining WORKDIR [all|no-store]");
            System.exit(2);
        }
        Path dir = Path.of(args[0]).toAbsolutePath();
        boolean all = args.length == 1 || args[1].equals("all");
        Files.createDirectories(dir);
        PrintStream out = System.out;
        PrintStream err = System.err;
        int commands = 0;
        try {
            for (List<String> command : all ? commands(dir) : commandsWithoutStore(dir)) {
                PrintStream discard = new PrintStream(OutputStream.nullOutputStream());
                System.setOut(discard);
                System.setErr(discard);
                int status = Main.execute(command.toArray(String[]::new));
                System.setOut(out);
                System.setErr(err);
                if (status != 0) {
                    err.println("AOT training: 'iobench " + String.join(" ", command) + "' exited with " + status);
                    System.exit(1);
                }
                commands++;
            }
        } finally {
            System.setOut(out);
            System.setErr(err);
            removeTree(dir);
        }
        out.println("AOT training (" + (all ? "all" : "no-store") + "): " + commands + " commands run");
    }

    /** The commands, in order: each later one reads what the earlier ones stored. */
    static List<List<String>> commands(Path dir) {
        String file = dir.resolve("train.dat").toString();
        String db = dir.resolve("train.db").toString();
        String json = dir.resolve("train.json").toString();
        String html = dir.resolve("train.html").toString();
        List<String> job = List.of("--rw", "randread", "--bs", "4k", "--size", "1m", "--quiet");
        return List.of(
                List.of("--version"),
                List.of("--help"),
                List.of("run", "--help"),
                concat(List.of("run", "--no-store", "--keep"), job, List.of(file)),
                concat(List.of("run", "--db", db, "--label", "side=a", "-o", json), job, List.of(file)),
                concat(List.of("run", "--db", db, "--label", "side=b", "--runs", "2"), job, List.of(file)),
                concat(List.of("run", "--no-store", "--rw", "write", "--bs", "64k", "--size", "1m", "--sync",
                        "fdatasync", "--allow-overwrite", "--quiet"), List.of(file)),
                List.of("runs", "--db", db),
                List.of("show", "--db", db, "1"),
                List.of("compare", "--db", db, "--base", "side=a", "--new", "side=b"),
                List.of("report", "--db", db, "-o", html));
    }

    /** The set for {@code --version} and command lines with {@code --no-store}: nothing reads or writes a store. */
    static List<List<String>> commandsWithoutStore(Path dir) {
        String file = dir.resolve("train.dat").toString();
        List<String> job = List.of("--rw", "randread", "--bs", "4k", "--size", "1m", "--quiet");
        return List.of(
                List.of("--version"),
                concat(List.of("run", "--no-store", "--keep"), job, List.of(file)),
                concat(List.of("run", "--no-store", "--rw", "read", "--bs", "4k", "--size", "4k", "--quiet"),
                        List.of(file)),
                concat(List.of("run", "--no-store", "--rw", "write", "--bs", "64k", "--size", "1m", "--sync",
                        "fdatasync", "--allow-overwrite", "--quiet"), List.of(file)));
    }

    @SafeVarargs
    private static List<String> concat(List<String>... parts) {
        return Stream.of(parts).flatMap(List::stream).toList();
    }

    private static void removeTree(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(dir)) {
            paths.sorted(Comparator.reverseOrder()).forEach(p -> {
                try {
                    Files.delete(p);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        }
    }
}
