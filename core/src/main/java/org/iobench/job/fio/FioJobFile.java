package org.iobench.job.fio;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.UnaryOperator;
import org.iobench.job.InvalidJobException;
import org.iobench.job.JobFile;
import org.iobench.job.JobSpec;
import org.iobench.job.UnsupportedJobException;

/**
 * A fio job file → {@link JobFile}: sections read as fio reads them ({@link FioReader}), each job's options made of
 * the {@code [global]} settings before it and its own ({@code name=} in {@code [global]} renames nothing, as in fio),
 * translated ({@link FioJobTranslator}), and ordered as fio runs them: jobs start together until a
 * {@code stonewall}; {@code wait_for=JOB} where JOB is the whole stage before it starts the next stage; reporting
 * groups follow {@code stonewall}/{@code new_group} ({@code g0}, {@code g1}...).
 *
 * <p>Strict (the default): anything iobench cannot honour refuses the file, all of it named in one message.
 * Lenient: options that change only reporting are ignored with a warning; a job whose I/O another option would
 * change is skipped with a one-line reason (and so are jobs that wait for it), never run differently.
 */
public final class FioJobFile {
    private FioJobFile() {}

    /** Parses {@code text}, read from {@code file} (for messages), on a plain host and without includes (tests). */
    public static JobFile parse(String file, String text, boolean lenient) {
        return parse(file, text, lenient, FioHost.PLAIN, name -> {
            throw new InvalidJobException(file + ": include " + name + ": included files are read only from a job"
                    + " file on disk");
        });
    }

    /**
     * @param host     what {@code $pagesize}, {@code $mb_memory}, {@code $ncpus} and {@code ${VAR}} stand for
     * @param includes the text of a file named by {@code include} (relative to the job file's directory); throws
     *                 {@link InvalidJobException} when it cannot be read
     */
    public static JobFile parse(String file, String text, boolean lenient, FioHost host,
                                UnaryOperator<String> includes) {
        return parse(file, List.of(new FioReader(host, includes).read(file, text)), lenient, null);
    }

    /**
     * The jobs of several sources read as fio reads its command line and job files: the sections of each source in
     * order; the first source starts from fio's defaults, and so does each later one ({@code fill_def_thread}
     * before every job file after the first), so a {@code [global]} applies to the jobs after it in its own
     * source only.
     *
     * @param described filled, when not null, with what fio reports of each job of the result, in job order
     */
    static JobFile parse(String file, List<List<FioSection>> sources, boolean lenient,
                         List<FioJobDescription> described) {
        return parse(file, sources, lenient, described, null);
    }

    /**
     * As {@link #parse(String, List, boolean, List)}; {@code parserWarnings}, when not null, is filled with fio's own
     * lines for the parser warnings among the notes ({@link FioFixups}: what {@code --warnings-fatal} refuses).
     */
    static JobFile parse(String file, List<List<FioSection>> sources, boolean lenient,
                         List<FioJobDescription> described, List<String> parserWarnings) {
        FioProblems problems = new FioProblems();
        List<String> warnings = new ArrayList<>();
        FioJobTranslator translator = new FioJobTranslator(problems, warnings);
        Map<String, FioSetting> globals = new LinkedHashMap<>();
        List<FioJob> jobs = new ArrayList<>();
        List<List<FioSetting>> own = new ArrayList<>();
        for (List<FioSection> source : sources) {
            globals = source == sources.getFirst() ? globals : new LinkedHashMap<>();
            translate(source, globals, translator, jobs, own);
        }
        jobs.replaceAll(translator::shareBuffers);
        if (parserWarnings != null) {
            parserWarnings.addAll(translator.parserWarnings());
        }
        if (described != null) {
            described.add(FioJobDescription.of("global", -1, false, List.copyOf(globals.values()),
                    FioLatencyReport.DEFAULT));
        }
        return finish(file, jobs, own, lenient, problems, warnings, described);
    }

    private static void translate(List<FioSection> sections, Map<String, FioSetting> globals,
                                  FioJobTranslator translator, List<FioJob> jobs, List<List<FioSetting>> given) {
        for (FioSection s : sections) {
            Map<String, FioSetting> own = canonical(s);
            if (s.global()) {
                own.remove("name"); // fio: a [global] name= renames no job
                globals.putAll(own);
                continue;
            }
            given.add(List.copyOf(own.values()));
            Map<String, FioSetting> merged = new LinkedHashMap<>(globals);
            merged.putAll(own);
            jobs.add(translator.translate(s.name(), s.where(), new FioJobOptions(merged)));
        }
    }

    private static JobFile finish(String file, List<FioJob> jobs, List<List<FioSetting>> given, boolean lenient,
                                  FioProblems problems, List<String> warnings, List<FioJobDescription> described) {
        if (jobs.isEmpty()) {
            throw new InvalidJobException(file + ": no job section (a job is a [name] section other than [global])");
        }
        if (!lenient) {
            problems.refuseAny();
        }
        List<String> skipped = new ArrayList<>();
        if (lenient) {
            for (FioProblems.Problem p : problems.list()) {
                if (!p.changesIo()) {
                    warnings.add(p.line() + "; ignored (--lenient)");
                }
            }
        }
        return order(file, jobs, lenient, warnings, skipped, given, described);
    }

    private static Map<String, FioSetting> canonical(FioSection s) {
        Map<String, FioSetting> out = new LinkedHashMap<>();
        for (FioSetting setting : s.settings()) {
            String name = FioOptions.canonical(setting.key()).orElseThrow(() -> new InvalidJobException(
                    setting.where() + ": '" + setting.key() + "' is not a fio option (fio refuses the file too)"));
            out.remove(name); // a later line wins and keeps its own position
            out.put(name, setting);
        }
        return out;
    }

    private static JobFile order(String file, List<FioJob> jobs, boolean lenient, List<String> warnings,
                                 List<String> skipped, List<List<FioSetting>> given,
                                 List<FioJobDescription> described) {
        Set<String> left = new HashSet<>();
        List<List<FioJob>> stages = new ArrayList<>();
        List<Integer> groups = new ArrayList<>();
        int group = -1;
        Set<String> seen = new HashSet<>();
        for (FioJob j : jobs) {
            boolean wait = !j.waitFor().isEmpty();
            // a job waiting for the job the stage before waits for too starts with them (fio starts each waiter
            // once its job ended, so they run together)
            boolean joins = wait && !j.stonewall() && stages.size() >= 2 && stages.getLast().stream()
                    .allMatch(p -> p.waitFor().equals(j.waitFor()));
            if (wait) {
                checkWaitFor(file, j, stages.subList(0, stages.size() - (joins ? 1 : 0)), seen);
            } else if (!stages.isEmpty() && !j.stonewall() && stages.getLast().stream()
                    .anyMatch(p -> !p.waitFor().isEmpty())) {
                throw new InvalidJobException(j.where() + ": job [" + j.name() + "] starts at once in fio while the"
                        + " job before it waits (wait_for); iobench runs jobs in stages, so give it stonewall or"
                        + " wait_for too");
            }
            if (stages.isEmpty() || j.stonewall() || wait && !joins) {
                stages.add(new ArrayList<>());
            }
            if (group < 0 || j.newGroup() || wait && !joins) {
                group++;
            }
            stages.getLast().add(j);
            groups.add(group);
            seen.add(j.name());
        }
        List<List<JobSpec>> out = new ArrayList<>();
        Set<String> reported = new HashSet<>();
        int index = 0;
        int number = 0; // fio's job number (the .N of its log files): every clone, in file order, from 1
        for (List<FioJob> stage : stages) {
            List<JobSpec> specs = new ArrayList<>();
            List<Integer> specGroups = new ArrayList<>();
            for (FioJob j : stage) {
                int g = groups.get(index++);
                int first = number + 1;
                number += j.clones().size();
                if (lenient && (!j.blocking().isEmpty() || left.contains(j.waitFor()))) {
                    skipped.add(j.where() + ": job [" + j.name() + "] skipped: " + (j.blocking().isEmpty()
                            ? "it waits for [" + j.waitFor() + "], which was skipped"
                            : j.blocking().getFirst().line()) + " (--lenient never runs a job differently)");
                    left.add(j.name());
                    continue;
                }
                int n = first;
                for (JobSpec c : j.clones()) {
                    if (described != null) {
                        described.add(FioJobDescription.of(j.name(), g, j.groupReporting(),
                                given.get(index - 1), j.report()));
                    }
                    specs.add(c.logs() == null ? c : c.toBuilder().logs(c.logs().withJobIndex(n)).build());
                    specGroups.add(g);
                    n++;
                }
                if (j.groupReporting()) {
                    reported.add("g" + g);
                }
            }
            if (specs.size() > 1) {
                for (int i = 0; i < specs.size(); i++) {
                    specs.set(i, specs.get(i).toBuilder().group("g" + specGroups.get(i)).build());
                }
                steadyForGroups(file, specs, reported);
            }
            if (!specs.isEmpty()) {
                out.add(specs);
            }
        }
        if (out.isEmpty()) {
            throw new InvalidJobException(file + ": every job was skipped: " + String.join("; ", skipped));
        }
        return new JobFile(file, out, warnings, skipped, reported);
    }

    /**
     * fio judges steady state per reporting group: its jobs must ask the same ({@code td_steadystate_init} rejects
     * them otherwise), and with {@code group_reporting} the group's rates are judged together
     * ({@link org.iobench.job.SteadyCriterion#group()}).
     */
    private static void steadyForGroups(String file, List<JobSpec> specs, Set<String> reported) {
        Map<String, JobSpec> first = new HashMap<>();
        for (int i = 0; i < specs.size(); i++) {
            JobSpec j = specs.get(i);
            String g = j.grouping().group();
            JobSpec before = first.putIfAbsent(g, j);
            if (before != null && !Objects.equals(before.timing().steady(), j.timing().steady())) {
                throw new InvalidJobException(file + ": job [" + j.name() + "]: steady state (ss=, ss_dur=, ss_ramp=)"
                        + " differs from job [" + before.name() + "] of its reporting group: fio rejects the job"
                        + " (\"steadystate options must be consistent within reporting groups\")");
            }
            if (j.timing().steady() != null && reported.contains(g)) {
                specs.set(i, j.toBuilder().steady(j.timing().steady().forGroup()).build());
            }
        }
    }

    /**
     * wait_for=X is a stage boundary only when X is the whole stage before (or the stage before the one of the jobs
     * that wait for X too, which it joins); other dependencies are refused.
     */
    private static void checkWaitFor(String file, FioJob j, List<List<FioJob>> stages, Set<String> seen) {
        if (!seen.contains(j.waitFor())) {
            throw new InvalidJobException(j.where() + ": wait_for=" + j.waitFor() + ": no job of that name before"
                    + " it");
        }
        List<FioJob> last = stages.isEmpty() ? List.of() : stages.getLast();
        boolean whole = !last.isEmpty() && last.stream().allMatch(p -> p.name().equals(j.waitFor()));
        if (!whole) {
            // fio runs it: iobench's own refusal (exit 2 under iobench fio)
            throw new UnsupportedJobException(j.where() + ": wait_for=" + j.waitFor() + ": [" + j.waitFor() + "] runs"
                    + " together with other jobs; iobench runs jobs in stages and can wait only for a whole stage"
                    + " (give the jobs between stonewall)");
        }
    }
}
