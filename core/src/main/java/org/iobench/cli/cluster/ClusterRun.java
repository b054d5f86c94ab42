package org.iobench.cli.cluster;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.iobench.cluster.ClusterAggregator;
import org.iobench.cluster.ClusterResult;
import org.iobench.cluster.ClusterSecret;
import org.iobench.cluster.Controller;
import org.iobench.cluster.ControllerOutcome;
import org.iobench.cluster.HostAddress;
import org.iobench.cluster.HostPart;
import org.iobench.cluster.JobRequest;
import org.iobench.cluster.Msg;
import org.iobench.measure.HistogramCodec;
import org.iobench.measure.RunLatencies;
import org.iobench.report.JsonReportReader;
import org.iobench.result.BenchmarkResult;
import org.iobench.session.ExitException;
import org.iobench.session.IobenchVersion;
import org.iobench.session.LocalHost;
import org.iobench.session.ResultSaver;
import org.iobench.session.ThisMachine;
import org.iobench.sysmon.env.Environment;
import sun.misc.Signal;

/**
 * The controller's side of {@code run}/{@code suite} with {@code --hosts}: ships the job options as typed, runs
 * the job on every agent at once, then prints, writes and saves per-host and aggregate results like a local run.
 * Exit status: 2 when a host is missing or refuses the job (nothing ran anywhere), 1 when a host failed or was
 * lost (partial results printed and saved, marked incomplete), 130 after Ctrl-C or SIGTERM, else 0.
 */
public final class ClusterRun {
    private final List<String> hostNames;
    private final Path secretFile;
    private final Duration connectTimeout;
    private final boolean debug;
    private final boolean quiet;
    private final PrintStream out;
    private final PrintStream err;

    /**
     * @param hosts          {@code --hosts} as typed: HOST or HOST:PORT (default port {@value AgentServer#DEFAULT_PORT})
     * @param secretFile     {@code --secret-file}: the secret the agents were started with
     * @param connectTimeout how long to wait for every agent to answer
     * @param quiet          no live line on stderr ({@code --quiet})
     */
    public ClusterRun(List<String> hosts, Path secretFile, Duration connectTimeout, boolean debug, boolean quiet,
                      PrintStream out, PrintStream err) {
        this.hostNames = List.copyOf(hosts);
        this.secretFile = secretFile;
        this.connectTimeout = connectTimeout;
        this.debug = debug;
        this.quiet = quiet;
        this.out = out;
        this.err = err;
    }

    /**
     * The first host's name: the command line checks the job here with {@code {host}} replaced by it, so bad
     * input ends the command before any host is contacted.
     *
     * @throws ExitException status 2 when {@code --hosts} names a bad address or a host twice
     */
    public String firstHost() {
        return hosts().getFirst().name();
    }

    /** {@code text} with {@code {host}} replaced by the first host's name. */
    public String onFirstHost(String text) {
        return text.replace(JobRequest.HOST_PLACEHOLDER, firstHost());
    }

    private List<HostAddress> hosts() {
        List<HostAddress> hosts = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        for (String h : hostNames) {
            HostAddress a;
            try {
                a = HostAddress.parse(h, AgentServer.DEFAULT_PORT);
            } catch (IllegalArgumentException e) {
                throw new ExitException(ExitException.USAGE, "--hosts " + h + ": " + e.getMessage());
            }
            if (!seen.add(a.name())) {
                throw new ExitException(ExitException.USAGE, "--hosts " + String.join(",", hostNames) + ": "
                        + a.name() + " is named twice (each host's name labels its results)");
            }
            hosts.add(a);
        }
        return hosts;
    }

    /**
     * Runs the job on every host at once and prints, writes and saves the results on {@code local}, whose outputs,
     * labels and database were checked before any host runs.
     *
     * @param command     {@code run} or {@code suite}
     * @param args        the command's job options and positional parameters as typed ({@code {host}} kept)
     * @param jobFileName the job file's name when {@code run} runs one, else null
     * @param jobFileText the job file's text, read here, else null
     * @return the exit status
     */
    public int run(LocalHost local, String command, List<String> args, String jobFileName, String jobFileText)
            throws InterruptedException {
        List<HostAddress> hosts = hosts();
        JobRequest request = new JobRequest(hosts.getFirst().name(), command, args, jobFileName, jobFileText);
        ClusterSecret secret = SecretFiles.read(secretFile, "--secret-file", err);
        Controller controller;
        try {
            controller = Controller.connect(hosts, secret, connectTimeout, debug);
        } catch (IllegalStateException e) {
            throw new ExitException(ExitException.USAGE, "--hosts: " + e.getMessage());
        }
        ControllerOutcome outcome;
        Thread hook = new Thread(() -> controller.stopNow("the controller is exiting"));
        Runtime.getRuntime().addShutdownHook(hook);
        try {
            sun.misc.SignalHandler stop = s -> {
                if (controller.stopping()) {
                    controller.stopNow("the controller was interrupted twice");
                    Runtime.getRuntime().halt(ExitException.INTERRUPTED);
                }
                controller.stop("the controller was interrupted (SIG" + s.getName() + ")");
            };
            Signal.handle(new Signal("INT"), stop);
            Signal.handle(new Signal("TERM"), stop);
            boolean live = !quiet && ThisMachine.stderrIsTerminal();
            ClusterProgressLine line = live ? new ClusterProgressLine(err) : null;
            outcome = controller.run(request, l -> {
                if (line != null) {
                    line.show(l);
                }
            });
            if (line != null) {
                line.clear();
            }
        } finally {
            controller.close();
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException e) {
                // already shutting down
            }
        }
        return finish(local, request, outcome);
    }

    private int finish(LocalHost local, JobRequest request, ControllerOutcome outcome) {
        List<String> refusals = new ArrayList<>();
        int refusedStatus = 0;
        int notAccepted = 0;
        for (ControllerOutcome.HostOutcome h : outcome.hosts()) {
            if (h.state() == ControllerOutcome.State.REFUSED || h.state() == ControllerOutcome.State.SILENT) {
                refusals.add(h.host().name() + ": " + h.message());
                refusedStatus = Math.max(refusedStatus, h.status());
                if (h.state() == ControllerOutcome.State.SILENT || h.status() != 0) {
                    notAccepted++; // status 0: it accepted, and was stopped because another did not
                }
            }
        }
        if (!refusals.isEmpty()) {
            for (ControllerOutcome.HostOutcome h : outcome.hosts()) {
                if (h.state() == ControllerOutcome.State.LOST) {
                    refusals.add(h.host().name() + ": lost before the start: " + h.message());
                    notAccepted++;
                }
            }
            refusals.forEach(r -> err.println("iobench: host " + r));
            throw new ExitException(refusedStatus == 0 ? ExitException.USAGE : refusedStatus, "the job ran on no"
                    + " host: " + notAccepted + " of " + outcome.hosts().size() + " did not accept it");
        }
        Map<String, List<String>> environments = new LinkedHashMap<>();
        List<HostPart> parts = new ArrayList<>();
        for (ControllerOutcome.HostOutcome h : outcome.hosts()) {
            parts.add(part(h));
            environments.put(h.host().name(), h.environments());
        }
        ClusterResult result = ClusterAggregator.aggregate(parts);
        String json = emit(local, request, outcome, result);
        int kept = local.keepParts(parts(outcome, result, environments), json);
        for (HostPart p : parts) {
            if (p.lost()) {
                err.println("iobench: host " + p.host() + " was lost mid-job: " + p.message()
                        + (p.lastBytes() >= 0 ? "; its last report (" + p.lastRun() + "): " + p.lastBytes()
                        + " bytes in " + String.format(Locale.ROOT, "%.1f s", p.lastElapsedNanos() / 1e9)
                        : "") + "; the aggregate leaves it out and is marked incomplete");
            }
        }
        if (outcome.interrupted()) {
            err.println("iobench: interrupted; every host was told to stop and remove its scratch files; the results"
                    + " above are partial");
            return ExitException.INTERRUPTED;
        }
        int worst = 0;
        for (ControllerOutcome.HostOutcome h : outcome.hosts()) {
            if (h.status() != 0) {
                err.println("iobench: host " + h.host().name() + ": exit status " + h.status()
                        + (h.message() != null ? " (" + h.message() + ")" : ""));
                worst = ExitException.IO_FAILURE;
            }
        }
        if (!result.complete()) {
            worst = ExitException.IO_FAILURE;
        }
        return kept == 0 ? worst : ExitException.IO_FAILURE;
    }

    private HostPart part(ControllerOutcome.HostOutcome h) {
        List<BenchmarkResult> benchmarks = List.of();
        String message = h.message();
        boolean lost = h.state() == ControllerOutcome.State.LOST;
        if (h.resultJson() != null) {
            try {
                benchmarks = JsonReportReader.benchmarks(JsonReportReader.tree(h.resultJson()));
            } catch (IOException e) {
                message = "its result could not be read: " + e.getMessage();
                lost = true;
            }
        }
        List<List<RunLatencies>> latencies = new ArrayList<>();
        for (Msg.EncodedLatencies e : h.latencies()) {
            while (latencies.size() <= e.benchmark()) {
                latencies.add(new ArrayList<>());
            }
            List<RunLatencies> runs = latencies.get(e.benchmark());
            while (runs.size() < e.run()) {
                runs.add(null);
            }
            try {
                runs.set(e.run() - 1, new RunLatencies(e.readsByWorker().stream().map(HistogramCodec::decode).toList(),
                        e.writesByWorker().stream().map(HistogramCodec::decode).toList(),
                        HistogramCodec.decode(e.syncs())));
            } catch (IllegalArgumentException bad) {
                // left null: the aggregate says the host's histograms are missing
            }
        }
        Msg.Progress p = h.lastProgress();
        return new HostPart(h.host().name(), benchmarks, latencies, lost, message, p == null ? -1 : p.bytes(),
                p == null ? -1 : p.elapsedNanos(), h.lastRun());
    }

    /** Prints the text, or the JSON document on stdout; returns the JSON document, or null when none is wanted. */
    private String emit(LocalHost local, JobRequest request, ControllerOutcome outcome, ClusterResult result) {
        String json = local.document(result.aggregate(), Map.of("cluster", ClusterJson.of(request, outcome, result)));
        if (local.documentOnStdout()) {
            out.print(json);
        } else {
            ClusterText.print(request, outcome, result, out);
        }
        out.flush();
        return json;
    }

    /** What one transaction saves: the aggregate ({@code host=all}) and each host's part ({@code host=NAME}). */
    private static List<ResultSaver.Part> parts(ControllerOutcome outcome, ClusterResult result,
                                                Map<String, List<String>> environments) {
        List<ResultSaver.Part> parts = new ArrayList<>();
        String cluster = outcome.jobId().substring(0, 12);
        Environment first = null;
        for (HostPart p : result.parts()) {
            List<String> envs = environments.getOrDefault(p.host(), List.of());
            for (int i = 0; i < p.benchmarks().size(); i++) {
                Environment env = environment(i < envs.size() ? envs.get(i) : null);
                if (first == null) {
                    first = env;
                }
                parts.add(new ResultSaver.Part(p.benchmarks().get(i), env, Map.of("host", p.host(), "cluster",
                        cluster)));
            }
        }
        List<ResultSaver.Part> all = new ArrayList<>();
        for (BenchmarkResult b : result.aggregate()) {
            all.add(new ResultSaver.Part(b, first != null ? first : Environment.unknown(IobenchVersion.get()),
                    Map.of("host", ClusterJson.ALL_HOSTS, "cluster", cluster)));
        }
        all.addAll(parts);
        return all;
    }

    private static Environment environment(String json) {
        if (json == null) {
            return Environment.unknown(IobenchVersion.get());
        }
        try {
            return JsonReportReader.environment(json);
        } catch (IOException e) {
            return Environment.unknown(IobenchVersion.get());
        }
    }
}
