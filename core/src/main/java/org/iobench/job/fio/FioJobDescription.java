package org.iobench.job.fio;

import java.util.List;

/**
 * What fio reports of one job (one clone) besides its figures: the job's name, its reporting group, whether the group
 * is reported as one, and the options as they were written for it, by fio's canonical name, in the order given (fio's
 * {@code job options}; the {@code [global]} ones are listed once, as {@code global options}).
 *
 * @param name           the job's name (a clone has its job's name, as in fio)
 * @param groupId        fio's {@code groupid}: 0 for the first reporting group; -1 for the global options' entry
 * @param groupReporting {@code group_reporting}: the group's jobs are reported as one
 * @param options        the options given in the job's own section (or on the command line after its
 *                       {@code --name}); a bare flag has the value {@code ""}
 * @param report         what fio's report shows of the job's latencies (its own and its globals' options)
 */
public record FioJobDescription(String name, int groupId, boolean groupReporting, List<Option> options,
                                FioLatencyReport report) {
    /** One option as written: its canonical name and the value after fio's substitutions. */
    public record Option(String name, String value) {}

    public FioJobDescription {
        options = List.copyOf(options);
    }

    /** A job reported with fio's default latency report. */
    public FioJobDescription(String name, int groupId, boolean groupReporting, List<Option> options) {
        this(name, groupId, groupReporting, options, FioLatencyReport.DEFAULT);
    }

    static FioJobDescription of(String name, int groupId, boolean groupReporting, List<FioSetting> settings,
                                FioLatencyReport report) {
        return new FioJobDescription(name, groupId, groupReporting, settings.stream().map(s -> new Option(
                FioOptions.canonical(s.key()).orElse(s.key()), s.value())).toList(), report);
    }
}
