package org.iobench.job.fio;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.iobench.job.UnsupportedJobException;

/**
 * What iobench cannot do of a job file, collected over the whole file so one message names everything: options
 * (or values) iobench does not support, each once by {@code file:line}. Whether a problem changes the I/O decides
 * what {@code --lenient} does with it: a reporting option is ignored with a warning, any other skips the jobs it
 * applies to.
 */
final class FioProblems {
    /** One unsupported option or value. */
    record Problem(String where, String text, String why, boolean changesIo) {
        String line() {
            return where + ": " + text + ": " + why;
        }
    }

    private final Map<String, Problem> all = new LinkedHashMap<>();

    /** Records that {@code setting} cannot be honoured; returns the problem (recorded once per line). */
    Problem unsupported(FioSetting setting, String why, boolean changesIo) {
        return all.computeIfAbsent(setting.where() + "\u0000" + setting.text(),
                k -> new Problem(setting.where(), setting.text(), why, changesIo));
    }

    List<Problem> list() {
        return List.copyOf(all.values());
    }

    /**
     * Strict mode: one error naming the first problem's place and option, then every other one.
     *
     * @throws UnsupportedJobException when there is any problem
     */
    void refuseAny() {
        List<Problem> p = list();
        if (p.isEmpty()) {
            return;
        }
        StringBuilder m = new StringBuilder(p.getFirst().line());
        if (p.size() > 1) {
            m.append("; also not supported: ");
            List<String> rest = new ArrayList<>();
            for (Problem q : p.subList(1, p.size())) {
                rest.add(q.where() + ": " + q.text());
            }
            m.append(String.join(", ", rest));
        }
        boolean reportingOnly = p.stream().noneMatch(Problem::changesIo);
        m.append(reportingOnly ? " (--lenient runs the file without them, with a warning: they change only"
                + " what is reported)" : " (--lenient ignores options that change only what is reported and skips"
                + " the jobs whose I/O the others would change)");
        throw new UnsupportedJobException(m.toString());
    }
}
