package org.iobench.result;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.List;
import java.util.Locale;

/**
 * Something the advisor saw in a result: a pitfall with the numbers that show it and how to fix it, attributed to
 * the job (or the parallel group) and the runs whose evidence shows it.
 *
 * @param id         stable identifier ({@code read-modify-write}, {@code page-cache}...)
 * @param message    one line saying what is wrong
 * @param evidence   the figures that show it, in one line
 * @param fix        what to do about it; null when there is nothing to do (a note, some context)
 * @param job        the job it is about; null for a finding about a whole parallel group (then {@code group} is
 *                   set) and in results written before findings named their job
 * @param group      the parallel group a group-wide finding is about (the device saturated by all its jobs
 *                   together); null for a finding about one job
 * @param runs       the runs whose evidence shows it (1-based); empty when it is about the job as configured
 * @param confidence how directly the evidence shows it; null in results written before findings carried one
 * @param severity   a pitfall in the figures ({@code warning}), a fact about the surroundings that does not blame the
 *                   job ({@code context}), or an acknowledged deliberate choice ({@code note})
 */
public record Finding(String id, String message, String evidence, String fix, String job, String group,
                      List<Integer> runs, Confidence confidence, Severity severity) {

    public Finding {
        runs = runs == null ? List.of() : List.copyOf(runs);
        severity = severity == null ? Severity.WARNING : severity;
    }

    /** How directly the evidence shows a finding. */
    public enum Confidence {
        /** Measured on iobench's own threads, or a fact of the job: other processes cannot have caused it. */
        CERTAIN,
        /** Inferred: from counters shared with other work, or from a rule of thumb that holds on most devices. */
        LIKELY;

        @JsonValue
        public String label() {
            return name().toLowerCase(Locale.ROOT);
        }

        @JsonCreator
        public static Confidence of(String label) {
            return label == null ? null : valueOf(label.toUpperCase(Locale.ROOT));
        }
    }

    /** What kind of statement a finding is. */
    public enum Severity {
        /** A pitfall: the figures do not mean what they seem to. */
        WARNING,
        /** The surroundings: other processes shared the device or the CPUs; the job is not to blame. */
        CONTEXT,
        /** A choice the suite or the user declared deliberate. */
        NOTE;

        @JsonValue
        public String label() {
            return name().toLowerCase(Locale.ROOT);
        }

        @JsonCreator
        public static Severity of(String label) {
            return label == null ? null : valueOf(label.toUpperCase(Locale.ROOT));
        }
    }

    /** {@code [id] message (evidence; confidence); fix: fix}, without whom it is about (its job, group and runs). */
    public String line() {
        StringBuilder b = new StringBuilder("[").append(id).append("] ").append(message);
        boolean hasEvidence = evidence != null && !evidence.isBlank();
        if (hasEvidence || confidence != null) {
            b.append(" (");
            if (hasEvidence) {
                b.append(evidence);
            }
            if (confidence != null) {
                b.append(hasEvidence ? "; " : "").append(confidence.label());
            }
            b.append(')');
        }
        if (fix != null && !fix.isBlank()) {
            b.append("; fix: ").append(fix);
        }
        return b.toString();
    }
}
