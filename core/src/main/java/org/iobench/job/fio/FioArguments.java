package org.iobench.job.fio;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.iobench.job.Durations;
import org.iobench.job.InvalidJobException;
import org.iobench.job.UnsupportedJobException;

/**
 * fio 3.33's command line ({@code parse_cmd_line} in its {@code init.c}, read with {@code getopt_long_only}): an
 * argument {@code --opt=value}, {@code -opt=value}, {@code --opt value} or a bare flag is one of fio's own options
 * ({@code --output}, {@code --output-format}...) or a job option; job options before the first {@code --name} are
 * global, each {@code --name} starts a job ({@code --name=global} a global section) whose options follow it; every
 * argument that is not an option is a job file, read after the command line's jobs. Options fio has and iobench
 * cannot honour (client/server, triggers, idle profiling, debug categories) are refused by name, never ignored.
 *
 * <p>What fio does with a bad option, iobench does too: {@link InvalidJobException} with fio's message (the
 * command exits 1, as fio). An option fio would honour and iobench cannot is {@link UnsupportedJobException} (exit 2:
 * iobench's refusal, before any I/O).
 */
public final class FioArguments {
    /** fio's output formats ({@code --output-format}, comma-separated; {@code --minimal} is terse). */
    public enum OutputFormat { TERSE, JSON, JSON_PLUS, NORMAL }

    /** fio's least {@code --eta-interval}, ms ({@code DISK_UTIL_MSEC}). */
    public static final long ETA_INTERVAL_MIN_MILLIS = 250;

    /** Where command-line options say they come from in messages ({@code command line:N}, the argument). */
    static final String WHERE = "command line";

    /** fio's own options that take no value. */
    private static final Set<String> FLAGS = Set.of("bandwidth-log", "minimal", "version", "help", "showcmd",
            "readonly", "parse-only", "warnings-fatal", "cpuclock-test", "merge-blktrace-only", "latency-log");
    /** fio's own options that take a value (some optional in fio: {@code --cmdhelp}, {@code --enghelp}). */
    private static final Set<String> VALUED = Set.of("output", "output-format", "append-terse", "cmdhelp",
            "enghelp", "eta", "eta-interval", "eta-newline", "debug", "section", "inflate-log", "alloc-size",
            "profile", "max-jobs", "terse-version", "server", "server-internal", "daemonize", "client",
            "remote-config", "crctest", "memcpytest", "idle-prof", "status-interval", "trigger-file",
            "trigger-timeout", "trigger", "trigger-remote", "aux-path");
    /** fio's own options whose value is optional ({@code optional_argument}: only as {@code --opt=value}). */
    private static final Set<String> OPTIONAL = Set.of("append-terse", "cmdhelp", "enghelp", "server", "crctest",
            "memcpytest");
    /** fio's own options iobench does not do, with why. */
    private static final List<String[]> REFUSED = List.of(
            new String[] {"server", "fio's client/server mode: iobench runs on several hosts with --hosts and"
                    + " agents (docs/multi-host.md)"},
            new String[] {"client", "fio's client/server mode: iobench runs on several hosts with --hosts and"
                    + " agents (docs/multi-host.md)"},
            new String[] {"remote-config", "fio's client/server mode"},
            new String[] {"daemonize", "fio's client/server mode"},
            new String[] {"server-internal", "fio's client/server mode"},
            new String[] {"trigger-file", "fio's remote triggers"}, new String[] {"trigger-timeout", "fio's remote"
                    + " triggers"}, new String[] {"trigger", "fio's remote triggers"},
            new String[] {"trigger-remote", "fio's remote triggers"},
            new String[] {"idle-prof", "fio's idle profiling"}, new String[] {"profile", "fio's built-in profiles"},
            new String[] {"cpuclock-test", "a test of fio's own clock"},
            new String[] {"crctest", "a test of fio's own checksums"},
            new String[] {"memcpytest", "a test of fio's own memcpy"},
            new String[] {"merge-blktrace-only", "fio's blktrace merging"},
            new String[] {"append-terse", "fio's deprecated terse append"},
            new String[] {"cmdhelp", "fio's option help (see iobench's docs/jobfiles.md)"},
            new String[] {"enghelp", "fio's engine help (iobench run --help lists the engines)"});

    private final List<FioSection> commandLine = new ArrayList<>();
    private final List<String> jobFiles = new ArrayList<>();
    private final List<String> sections = new ArrayList<>();
    private final List<String> inflateLogs = new ArrayList<>();
    private final EnumSet<OutputFormat> formats = EnumSet.noneOf(OutputFormat.class);
    private String output;
    private boolean parseOnly;
    private boolean debugParse;
    private boolean debugZbd;
    /** The debug categories set, in the order given (fio's "set debug option" lines). */
    private final List<String> debugSet = new ArrayList<>();
    private boolean showCommand;
    private boolean readOnly;
    private boolean version;
    private boolean help;
    private Integer maxJobs;
    private int terseVersion = 3;
    private String eta = "auto";
    /** fio's {@code eta_interval_msec}: at least {@link #ETA_INTERVAL_MIN_MILLIS}, 1000 by default. */
    private long etaIntervalMillis = 1000;
    /** fio's {@code eta_new_line}, ms: the ETA line starts a new line this often; 0: never. */
    private long etaNewlineMillis;
    /** fio's {@code status_interval}, ms: the full report this often while the jobs run; 0: never. */
    private long statusIntervalMillis;
    private boolean warningsFatal;
    private boolean bandwidthLog;
    private String auxPath;

    private FioArguments() {}

    /**
     * Reads fio's arguments as fio 3.33 does.
     *
     * @throws InvalidJobException an option fio does not know, a value it refuses, or one iobench cannot honour
     */
    public static FioArguments parse(List<String> args) {
        FioArguments a = new FioArguments();
        a.read(args);
        return a;
    }

    private void read(List<String> args) {
        String section = null; // the command line's current section: null before the first option
        List<FioSetting> settings = new ArrayList<>();
        String sectionWhere = null;
        boolean optionsEnded = false;
        for (int i = 0; i < args.size(); i++) {
            String arg = args.get(i);
            String where = WHERE + ":" + (i + 1);
            if (optionsEnded || !arg.startsWith("-") || arg.equals("-")) {
                jobFiles.add(arg);
                continue;
            }
            if (arg.equals("--")) {
                optionsEnded = true;
                continue;
            }
            String body = arg.startsWith("--") ? arg.substring(2) : arg.substring(1);
            int eq = body.indexOf('=');
            String name = eq < 0 ? body : body.substring(0, eq);
            String value = eq < 0 ? null : body.substring(eq + 1);
            if (FLAGS.contains(name)) {
                if (value != null) {
                    throw bad("option '--" + name + "' doesn't allow an argument");
                }
                flag(name);
                continue;
            }
            if (VALUED.contains(name)) {
                if (value == null && OPTIONAL.contains(name)) {
                    throw refused(name); // getopt takes an optional value only after '=': the next word is not it
                }
                if (value == null) {
                    if (i + 1 >= args.size()) {
                        throw bad("option '--" + name + "' requires an argument");
                    }
                    value = args.get(++i);
                }
                valued(name, value);
                continue;
            }
            Optional<String> job = FioOptions.canonical(name);
            if (job.isEmpty()) {
                throw new InvalidJobException("fio: unrecognized option '" + arg + "'");
            }
            if (value == null && !FioOptions.isFlag(job.get())) {
                if (i + 1 >= args.size()) {
                    throw bad("option '--" + name + "' requires an argument");
                }
                value = args.get(++i);
            }
            if (job.get().equals("name")) {
                if (section != null) {
                    commandLine.add(new FioSection(section, sectionWhere, settings));
                }
                section = value;
                sectionWhere = where;
                settings = new ArrayList<>();
                settings.add(new FioSetting("name", value, where, "")); // fio lists it among the job's options
                continue;
            }
            if (section == null) {
                section = "global"; // fio: options before the first --name set the defaults
                sectionWhere = where;
            }
            if ((value == null || value.isEmpty()) && !FioOptions.isFlag(job.get())) {
                throw bad("option " + name + " requires an argument");
            }
            settings.add(new FioSetting(name, value == null ? "" : value, where, ""));
        }
        if (section != null) {
            commandLine.add(new FioSection(section, sectionWhere, settings));
        }
        if (!sections.isEmpty()) {
            commandLine.removeIf(s -> !s.global() && !sections.contains(s.name()));
        }
        if (formats.isEmpty()) {
            formats.add(OutputFormat.NORMAL);
        }
    }

    private void flag(String name) {
        switch (name) {
            case "minimal" -> {
                formats.clear();
                formats.add(OutputFormat.TERSE);
            }
            case "version" -> version = true;
            case "help" -> help = true;
            case "showcmd" -> showCommand = true;
            case "readonly" -> readOnly = true;
            case "parse-only" -> parseOnly = true;
            case "warnings-fatal" -> warningsFatal = true;
            case "bandwidth-log" -> bandwidthLog = true;
            case "latency-log" -> throw bad("--latency-log is deprecated. Use per-job latency log options.");
            default -> throw refused(name);
        }
    }

    private void valued(String name, String value) {
        switch (name) {
            case "output" -> output = value;
            case "output-format" -> outputFormats(value);
            case "section" -> {
                if (value.equals("global")) {
                    throw bad("can't use global as only section");
                }
                sections.add(value);
            }
            case "max-jobs" -> {
                try {
                    maxJobs = Integer.parseInt(value.strip());
                } catch (NumberFormatException e) {
                    throw bad("--max-jobs=" + value + ": not a number");
                }
                if (maxJobs < 1) {
                    throw bad("--max-jobs=" + value + ": must be at least 1");
                }
            }
            case "terse-version" -> {
                int v;
                try {
                    v = Integer.parseInt(value.strip());
                } catch (NumberFormatException e) {
                    v = 0;
                }
                if (v < 2 || v > 5) {
                    throw bad("bad terse version format");
                }
                terseVersion = v;
            }
            case "eta" -> {
                if (!Set.of("always", "never", "auto").contains(value)) {
                    // fio 3.33 keeps auto for any other word, silently: iobench names the slip instead
                    throw new UnsupportedJobException("fio: --eta=" + value + ": always, never or auto (fio"
                            + " would take it as auto, silently); iobench fio does not guess");
                }
                eta = value;
            }
            case "eta-newline" -> etaNewlineMillis = millis(name, value, "eta time", "eta new line time too short",
                    1);
            case "eta-interval" -> etaIntervalMillis = millis(name, value, "eta interval",
                    "eta interval time too short (" + ETA_INTERVAL_MIN_MILLIS + "msec min)", ETA_INTERVAL_MIN_MILLIS);
            case "status-interval" -> statusIntervalMillis = millis(name, value, "time", "status interval too small",
                    1);
            case "inflate-log" -> inflateLogs.add(value);
            case "aux-path" -> auxPath = value;
            case "alloc-size" -> {
                // fio's shared-memory pool for its job structures; iobench has none to size
            }
            case "debug" -> {
                for (String category : value.split(",")) {
                    debugSet.add(category.strip());
                    switch (category.strip()) {
                        case "parse" -> debugParse = true;
                        case "zbd" -> debugZbd = true;
                        default -> throw new UnsupportedJobException("fio: --debug=" + category.strip() + ": fio's"
                                + " debug categories are fio's internals; iobench fio traces how it reads options"
                                + " (--debug=parse) and its emulated zones' events (--debug=zbd); iobench --debug"
                                + " prints a stack trace");
                    }
                }
            }
            default -> throw refused(name);
        }
    }

    /**
     * fio's {@code check_str_time} (a bare number is seconds; suffixes as fio's time options), in whole ms as fio
     * keeps it; a value fio refuses gets fio's words ({@code parsing}: what fio's "failed parsing" names), after the
     * argument itself.
     */
    private static long millis(String name, String value, String parsing, String tooShort, long minimum) {
        long nanos;
        try {
            String v = value.strip();
            nanos = Durations.parse(v.matches("\\d+(\\.\\d+)?") ? v + "s" : v).toNanos();
        } catch (IllegalArgumentException e) {
            throw bad("--" + name + "=" + value + ": failed parsing " + parsing + " " + value);
        }
        long ms = nanos / 1_000_000;
        if (ms < minimum) {
            throw bad("--" + name + "=" + value + ": " + tooShort);
        }
        return ms;
    }

    private void outputFormats(String value) {
        formats.clear();
        for (String f : value.split(",")) {
            switch (f) {
                case "terse" -> formats.add(OutputFormat.TERSE);
                case "json" -> formats.add(OutputFormat.JSON);
                case "json+" -> {
                    formats.add(OutputFormat.JSON);
                    formats.add(OutputFormat.JSON_PLUS);
                }
                case "normal" -> formats.add(OutputFormat.NORMAL);
                default -> throw new InvalidJobException("fio: invalid output format " + f + "\nfio: failed parsing"
                        + " output-format");
            }
        }
    }

    private static InvalidJobException bad(String message) {
        return new InvalidJobException("fio: " + message);
    }

    private static InvalidJobException refused(String name) {
        String why = REFUSED.stream().filter(r -> r[0].equals(name)).map(r -> r[1]).findFirst()
                .orElse("not supported");
        return new UnsupportedJobException("fio: --" + name + ": " + why + "; iobench fio does not do it");
    }

    /** The jobs given as options, as sections ({@code global} for the options before the first {@code --name}). */
    List<FioSection> commandLine() {
        return List.copyOf(commandLine);
    }

    /** The job files, in the order given. */
    public List<String> jobFiles() {
        return List.copyOf(jobFiles);
    }

    /** Whether the command line itself defines a job ({@code --name=...}, other than {@code global}). */
    public boolean hasCommandLineJobs() {
        return commandLine.stream().anyMatch(s -> !s.global());
    }

    /** {@code --section} names: only these sections run (all when empty); {@code global} always applies. */
    public List<String> sections() {
        return List.copyOf(sections);
    }

    public Set<OutputFormat> formats() {
        return Set.copyOf(formats);
    }

    /** {@code --output}: the file fio writes its output to (truncated first), or empty for stdout. */
    public Optional<String> output() {
        return Optional.ofNullable(output);
    }

    public boolean parseOnly() {
        return parseOnly;
    }

    /**
     * {@code --debug=zbd}: fio's lines for the events of emulated zones ({@code zonemode=zbd}) as they happen: zones
     * opened, closed and reset, writing jobs' file resets, a file's zone set-up; not fio's lines per request.
     */
    public boolean debugZbd() {
        return debugZbd;
    }

    /** The {@code --debug} categories set, in the order given: fio's "fio: set debug option X" lines. */
    public List<String> debugSet() {
        return List.copyOf(debugSet);
    }

    /** {@code --debug=parse}: fio's trace of each option as it is read ({@link FioInvocation#parseTrace}). */
    public boolean debugParse() {
        return debugParse;
    }

    public boolean showCommand() {
        return showCommand;
    }

    public boolean readOnly() {
        return readOnly;
    }


    /**
     * The compressed logs of {@code --inflate-log=FILE} (fio's {@code log_store_compressed} files) to print as text
     * logs on stdout; fio does that and runs nothing else.
     */
    public List<String> inflateLogs() {
        return List.copyOf(inflateLogs);
    }

    public boolean version() {
        return version;
    }

    public boolean help() {
        return help;
    }

    /** {@code --max-jobs}: the most jobs (clones included) fio will set up; empty when not given. */
    public Optional<Integer> maxJobs() {
        return Optional.ofNullable(maxJobs);
    }

    public int terseVersion() {
        return terseVersion;
    }

    /**
     * {@code --warnings-fatal}: fio's parser warnings ({@code fixup_options}'s, {@link FioFixups}) refuse the jobs
     * with fio's lines and status 1 instead of being notes.
     */
    public boolean warningsFatal() {
        return warningsFatal;
    }

    /**
     * {@code --aux-path}: the directory of fio's state files (verify state, {@code verify_dump}'s files) instead of
     * the working directory; empty when not given.
     */
    public Optional<String> auxPath() {
        return Optional.ofNullable(auxPath);
    }

    /** {@code --bandwidth-log}: write fio's agg-read_bw.log, agg-write_bw.log and agg-trim_bw.log. */
    public boolean bandwidthLog() {
        return bandwidthLog;
    }

    /**
     * Whether fio computes its ETA (and so samples {@code --bandwidth-log}), as {@code eta.c}'s
     * {@code calc_thread_status}: not with {@code --eta=never}, nor when only other formats than normal go to stdout;
     * else on a terminal, or anywhere with {@code --eta=always}.
     */
    public boolean etaComputed(boolean stdoutIsTerminal) {
        if (!formats.contains(OutputFormat.NORMAL) && output == null) {
            return false;
        }
        if (eta.equals("never")) {
            return false;
        }
        return stdoutIsTerminal || eta.equals("always");
    }

    /** {@code --eta}: always, never or auto (a terminal only). */
    public String eta() {
        return eta;
    }

    /** {@code --eta-interval}: how often fio's ETA line is printed, in ms (fio's {@code eta_interval_msec}). */
    public long etaIntervalMillis() {
        return etaIntervalMillis;
    }

    /** {@code --eta-newline}: the ETA line starts a new line after this many ms; 0: it rewrites itself only. */
    public long etaNewlineMillis() {
        return etaNewlineMillis;
    }

    /** {@code --status-interval}: the full report every this many ms while the jobs run; 0: only at the end. */
    public long statusIntervalMillis() {
        return statusIntervalMillis;
    }




}
