package org.iobench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.iobench.report.JsonReport;
import org.iobench.store.ResultStore;
import org.iobench.store.Selector;
import org.iobench.store.StoredRun;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Three agents as separate JVMs on 127.0.0.2, .3 and .4 (started once for the class) and controllers as child JVMs,
 * as users run them. Every wait is bounded; every JVM is destroyed at the end.
 */
class MultiHostCliTest {
    private static final String[] ADDRESSES = {"127.0.0.2", "127.0.0.3", "127.0.0.4"};
    /** Beyond {@link org.iobench.testing.ChildJvm}'s (native access, C1 only, serial GC): small heaps for four JVMs. */
    private static final List<String> JVM_FLAGS = List.of("--sun-misc-unsafe-memory-access=allow", "-Xmx192m");

    private static Path dir;
    private static Path data;
    private static Path secret;
    private static final List<Agent> agents = new ArrayList<>();

    private record Agent(String address, int port, Process process, Path log) {
        String host() {
            return address + ":" + port;
        }

        String logText() throws IOException {
            return Files.readString(log);
        }
    }

    @BeforeAll
    static void startAgents() throws Exception {
        for (String a : ADDRESSES) {
            Assumptions.assumeTrue(bindable(a), "cannot bind " + a + " (no 127.0.0.0/8 loopback here)");
        }
        dir = Files.createTempDirectory("iobench-multihost-");
        data = Files.createDirectory(dir.resolve("data"));
        secret = dir.resolve("secret");
        Files.writeString(secret, "multi-host test secret " + System.nanoTime());
        Files.setPosixFilePermissions(secret, java.nio.file.attribute.PosixFilePermissions.fromString("rw-------"));
        for (String a : ADDRESSES) {
            agents.add(startAgent(a));
        }
        for (Agent a : agents) {
            awaitLog(a, "listening on", 90);
        }
    }

    @AfterAll
    static void stopAgents() throws Exception {
        for (Agent a : agents) {
            a.process().destroyForcibly();
            a.process().waitFor(30, TimeUnit.SECONDS);
        }
        if (dir != null) {
            try (Stream<Path> files = Files.walk(dir)) {
                files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }

    @Test
    void aSequentialWriteAndARandomReadAddUpExactlyAcrossThreeHosts() throws Exception {
        Path json = dir.resolve("write.json");
        String db = "jdbc:sqlite:" + dir.resolve("results.db");
        Cli.Result w = controller("run", "--rw", "write", "--bs", "64k", "--size", "2m", data + "/{host}.seq",
                "-o", json.toString(), "--db", db, "--label", "test=multihost");
        assertThat(w.status()).as(w.err()).isZero();
        JsonNode doc = JsonReport.read(Files.readString(json));
        JsonNode all = doc.path("benchmarks").get(0).path("runs").get(0);
        assertThat(all.path("totals").path("writeBytes").asLong()).isEqualTo(3 * (2L << 20));
        assertThat(sumOverHosts(doc, "totals", "writeBytes")).isEqualTo(3 * (2L << 20));
        assertThat(all.path("writeLatency").path("count").asLong()).isEqualTo(sumOverHosts(doc, "totals", "writes"))
                .isEqualTo(3 * 32);
        assertThat(doc.path("cluster").path("startSkew")).hasSize(1);
        assertThat(w.out()).contains("all (last done)").contains("all (stonewall)").contains("127.0.0.3")
                .contains("start skew");
        try (Stream<Path> left = Files.list(data)) {
            assertThat(left.filter(p -> p.toString().endsWith(".seq"))).as("new files are removed, as locally")
                    .isEmpty();
        }
        try (ResultStore store = ResultStore.open(db)) {
            List<StoredRun> runs = store.find(Selector.parse("runs", "test=multihost", Instant.now()));
            assertThat(runs).extracting(r -> r.labels().get("host"))
                    .containsExactlyInAnyOrder("all", "127.0.0.2", "127.0.0.3", "127.0.0.4");
            assertThat(runs).extracting(r -> r.labels().get("cluster")).containsOnly(doc.path("cluster")
                    .path("jobId").asText().substring(0, 12));
        }

        Path read = dir.resolve("read.json");
        Cli.Result r = controller("run", "--rw", "randread", "--bs", "4k", "--size", "1m", "--threads", "2",
                data + "/{host}.rnd", "-o", read.toString(), "--no-store");
        assertThat(r.status()).as(r.err()).isZero();
        JsonNode rd = JsonReport.read(Files.readString(read));
        JsonNode run = rd.path("benchmarks").get(0).path("runs").get(0);
        assertThat(run.path("totals").path("readBytes").asLong()).isEqualTo(3 * (1L << 20))
                .isEqualTo(sumOverHosts(rd, "totals", "readBytes"));
        assertThat(run.path("readLatency").path("count").asLong()).isEqualTo(3 * 256);
        assertThat(run.path("workers")).hasSize(6);
    }

    @Test
    void aTargetOutsideAllowIsRefusedBeforeAnyIo() throws Exception {
        Path outside = Files.createDirectories(dir.resolve("outside"));
        Cli.Result r = controller("run", "--rw", "write", "--bs", "64k", "--size", "1m", outside + "/{host}.f");
        assertThat(r.status()).isEqualTo(2);
        assertThat(r.err()).contains("outside this agent's --allow paths").contains("127.0.0.2")
                .contains("the job ran on no host");
        try (Stream<Path> files = Files.list(outside)) {
            assertThat(files).isEmpty();
        }
    }

    @Test
    void anAgentKilledMidRunIsNamedAndTheOthersFinish() throws Exception {
        Agent doomed = startAgent("127.0.0.5");
        try {
            awaitLog(doomed, "listening on", 90);
            awaitIdle();
            // paced, so the time limit ends the job, not the size
            Process c = startController("run", "--rw", "write", "--bs", "64k", "--size", "64m", "--rate", "100",
                    "--time", "6s",
                    data + "/{host}.kill", "--no-store", "--hosts", agents.getFirst().host() + "," + doomed.host());
            awaitLog(doomed, "received", 60);
            awaitFile(data.resolve("127.0.0.5.kill"), 60);
            Thread.sleep(2000);
            doomed.process().destroyForcibly();
            Cli.Result r = Cli.finish(c);
            assertThat(r.status()).as(r.err()).isEqualTo(1);
            assertThat(r.err()).contains("host 127.0.0.5 was lost mid-job");
            assertThat(r.out()).contains("127.0.0.2").contains("INCOMPLETE");
        } finally {
            doomed.process().destroyForcibly();
            doomed.process().waitFor(30, TimeUnit.SECONDS);
            Files.deleteIfExists(data.resolve("127.0.0.5.kill")); // SIGKILL leaves no chance to clean up
        }
    }

    @Test
    void aControllerStoppedWithSigtermStopsEveryHostAndTheirScratchFilesGo() throws Exception {
        awaitIdle();
        Process c = startController("run", "--rw", "write", "--bs", "64k", "--time", "60s", "--size", "64m",
                "--rate", "100",
                data.toString(), "--no-store");
        awaitScratchFiles(3);
        Thread.sleep(1000);
        c.toHandle().destroy(); // SIGTERM (Process.destroy would also close its output streams)
        Cli.Result r = Cli.finish(c);
        assertThat(r.status()).as(r.err()).isEqualTo(130);
        assertThat(r.err()).contains("every host was told to stop");
        assertThat(r.out()).contains("all (last done)");
        awaitScratchFiles(0);
    }

    @Test
    void anAgentThatLosesItsControllerStopsAndCleansUp() throws Exception {
        awaitIdle();
        Process c = startController("run", "--rw", "write", "--bs", "64k", "--time", "60s", "--size", "64m",
                "--rate", "100",
                data.toString(), "--no-store");
        awaitScratchFiles(3);
        c.destroyForcibly(); // kill -9: no goodbye
        c.waitFor(30, TimeUnit.SECONDS);
        awaitScratchFiles(0);
        for (Agent a : agents) {
            awaitLog(a, "lost the controller", 30);
        }
    }

    @Test
    void aClientThatKnowsEverythingButTheSecretCanNeitherConnectNorStoreNorWedge() throws Exception {
        awaitIdle();
        Agent target = agents.getFirst();
        List<org.iobench.cluster.HostAddress> host = List.of(new org.iobench.cluster.HostAddress(target.address(),
                target.port()));
        // the protocol, the address and the port are known; the secret is guessed
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> org.iobench.cluster.Controller.connect(host,
                        org.iobench.cluster.ClusterSecret.of("a guess at the secret, 32 chars."),
                        java.time.Duration.ofSeconds(10), false))
                .hasMessageContaining("refused this controller");
        // storing: 64 MiB pushed at the agent find nothing to fill: it refuses the first bad record and only
        // drains the rest into a fixed buffer while it closes; its memory does not grow with them
        long rssBefore = rssKiB(target.process().pid());
        try (java.net.Socket s = new java.net.Socket(target.address(), target.port())) {
            s.setSoTimeout(10_000);
            byte[] junk = new byte[1 << 20];
            java.util.Arrays.fill(junk, (byte) 0x17); // TLS application-data records, as after a handshake
            try {
                for (int i = 0; i < 64; i++) {
                    s.getOutputStream().write(junk);
                }
                s.shutdownOutput();
                // at most TLS's own goodbye, a plaintext fatal alert record (type 21, 7 bytes), then the end
                byte[] back = s.getInputStream().readNBytes(64);
                assertThat(back.length).as("the agent sends at most an alert back and closes").isLessThanOrEqualTo(7);
                if (back.length > 0) {
                    assertThat(back[0]).as("a TLS alert record").isEqualTo((byte) 21);
                }
            } catch (IOException e) {
                // the agent reset the connection
            }
        }
        long rssAfter = rssKiB(target.process().pid());
        System.out.printf("agent RSS %d KiB before 64 MiB of junk, %d KiB after%n", rssBefore, rssAfter);
        awaitLog(target, "not authenticated", 30);
        // wedging: silent connections from another address, then a real job still runs
        List<java.net.Socket> stalled = new ArrayList<>();
        try {
            for (int i = 0; i < 40; i++) {
                java.net.Socket s = new java.net.Socket();
                s.bind(new java.net.InetSocketAddress("127.0.0.9", 0));
                s.connect(new java.net.InetSocketAddress(target.address(), target.port()), 5000);
                stalled.add(s);
            }
            Cli.Result r = controller("run", "--rw", "write", "--bs", "64k", "--size", "1m", data + "/{host}.after",
                    "--no-store");
            assertThat(r.status()).as(r.err()).isZero();
        } finally {
            for (java.net.Socket s : stalled) {
                s.close();
            }
        }
        assertThat(target.logText()).contains("refused a connection").doesNotContain("received for 127.0.0.2: run"
                + " --rw write --bs 64k --size 1m " + data + "/127.0.0.2.guess");
        assertThat(target.process().isAlive()).isTrue();
    }

    @Test
    void anExecJobRunsNoProgramOnAnAgentStartedWithoutAllowExec() throws Exception {
        Path marker = dir.resolve("outside").resolve("exec-ran");
        Files.createDirectories(marker.getParent());
        Path job = dir.resolve("exec.fio");
        Files.writeString(job, "[sh]\nioengine=exec\nprogram=/bin/sh\narguments=-c touch " + marker
                + "\nruntime=1\ntime_based\nfilename=" + data + "/{host}.exec\n");
        Cli.Result r = controller("run", job.toString(), "--no-store");
        assertThat(r.status()).as(r.err()).isEqualTo(2);
        assertThat(r.err()).contains("runs no programs").contains("--allow-exec").contains("the job ran on no host");
        assertThat(marker).doesNotExist();
    }

    @Test
    void aHundredMillionJobsAreRefusedByBoundsAndTheAgentStaysUp() throws Exception {
        Path job = dir.resolve("numjobs.fio");
        Files.writeString(job, "[many]\nrw=read\nbs=4k\nsize=4k\nnumjobs=100000000\nfilename=" + data
                + "/{host}.many\n");
        Cli.Result r = controller("run", job.toString(), "--no-store");
        assertThat(r.status()).as(r.err()).isEqualTo(2);
        assertThat(r.err()).contains("numjobs").contains("1..4096");
        Cli.Result after = controller("run", "--rw", "write", "--bs", "64k", "--size", "1m", data + "/{host}.ok",
                "--no-store");
        assertThat(after.status()).as(after.err()).isZero();
    }

    @Test
    void anAgentStoppedWithSigtermMidRunCleansUpAndExits() throws Exception {
        Agent doomed = startAgent("127.0.0.8");
        try {
            awaitLog(doomed, "listening on", 90);
            awaitIdle();
            Process c = startController("run", "--rw", "write", "--bs", "64k", "--size", "64m", "--rate", "100",
                    "--time", "30s", data + "/{host}.term", "--no-store", "--hosts", doomed.host());
            awaitFile(data.resolve("127.0.0.8.term"), 60);
            awaitLog(doomed, "received", 60);
            long t0 = System.nanoTime();
            doomed.process().toHandle().destroy(); // SIGTERM
            assertThat(doomed.process().waitFor(30, TimeUnit.SECONDS)).as("the agent exits after SIGTERM").isTrue();
            System.out.printf("agent exit %.0f ms after SIGTERM mid-run%n%s", (System.nanoTime() - t0) / 1e6,
                    doomed.logText());
            assertThat(doomed.logText()).contains("interrupted by SIGTERM").contains("stopped");
            assertThat(data.resolve("127.0.0.8.term")).as("its new file is removed").doesNotExist();
            Cli.Result r = Cli.finish(c);
            assertThat(r.status()).as(r.err()).isNotZero();
            assertThat(r.err()).contains("127.0.0.8");
        } finally {
            doomed.process().destroyForcibly();
            doomed.process().waitFor(30, TimeUnit.SECONDS);
        }
    }

    private static long rssKiB(long pid) throws IOException {
        for (String line : Files.readAllLines(Path.of("/proc/" + pid + "/status"))) {
            if (line.startsWith("VmRSS:")) {
                return Long.parseLong(line.replaceAll("[^0-9]", ""));
            }
        }
        return -1;
    }

    private static long sumOverHosts(JsonNode doc, String object, String field) {
        long sum = 0;
        for (JsonNode h : doc.path("cluster").path("hosts")) {
            sum += h.path("benchmarks").get(0).path("runs").get(0).path(object).path(field).asLong();
        }
        return sum;
    }

    private static Cli.Result controller(String... args) throws Exception {
        awaitIdle();
        return Cli.finish(startController(args));
    }

    private static Process startController(String... args) throws IOException {
        List<String> all = new ArrayList<>(List.of(args));
        if (!all.contains("--hosts")) {
            all.add("--hosts");
            all.add(String.join(",", agents.stream().map(Agent::host).toList()));
        }
        all.addAll(List.of("--secret-file", secret.toString()));
        return java(all).directory(dir.toFile()).start();
    }

    private static Agent startAgent(String address) throws Exception {
        int port = freePort(address);
        Path log = dir.resolve("agent-" + address + ".log");
        Process p = java(List.of("agent", "--listen", address + ":" + port, "--allow", data.toString(),
                "--secret-file", secret.toString())).redirectErrorStream(true)
                .redirectOutput(log.toFile()).start();
        return new Agent(address, port, p, log);
    }

    private static ProcessBuilder java(List<String> args) {
        List<String> cmd = new ArrayList<>(org.iobench.testing.ChildJvm.command());
        cmd.addAll(JVM_FLAGS);
        cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), Main.class.getName()));
        cmd.addAll(args);
        return new ProcessBuilder(cmd);
    }

    /** Until every agent has finished (or refused) every job it received. */
    private static void awaitIdle() throws Exception {
        for (Agent a : agents) {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (true) {
                String text = a.logText();
                long received = text.lines().filter(l -> l.contains(" received for ")).count();
                long ended = text.lines().filter(l -> l.contains(" finished: ") || l.contains(" refused: ")).count();
                if (received == ended) {
                    break;
                }
                if (System.nanoTime() > deadline) {
                    throw new AssertionError(a.address() + " still busy after 60 s:\n" + text);
                }
                Thread.sleep(200);
            }
        }
    }

    private static void awaitLog(Agent a, String text, int seconds) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while (!a.logText().contains(text)) {
            if (System.nanoTime() > deadline || !a.process().isAlive() && !a.logText().contains(text)) {
                throw new AssertionError(a.address() + ": no '" + text + "' within " + seconds + " s:\n"
                        + a.logText());
            }
            Thread.sleep(100);
        }
    }

    private static void awaitFile(Path file, int seconds) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while (!Files.exists(file)) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError(file + " did not appear within " + seconds + " s");
            }
            Thread.sleep(100);
        }
    }

    private static void awaitScratchFiles(int count) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (true) {
            List<Path> files;
            try (Stream<Path> s = Files.list(data)) {
                files = s.filter(p -> p.getFileName().toString().startsWith(".iobench")).toList();
            }
            if (files.size() == count) {
                return;
            }
            if (System.nanoTime() > deadline) {
                throw new AssertionError("expected " + count + " scratch files in " + data + ", found " + files);
            }
            Thread.sleep(100);
        }
    }

    private static boolean bindable(String address) {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getByName(address))) {
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    private static int freePort(String address) throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getByName(address))) {
            return s.getLocalPort();
        }
    }

    static String text(Path p) throws IOException {
        return Files.readString(p, StandardCharsets.UTF_8);
    }
}
