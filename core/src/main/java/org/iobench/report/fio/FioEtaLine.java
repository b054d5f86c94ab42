package org.iobench.report.fio;

import java.util.Locale;

/**
 * fio 3.33's ETA line ({@code eta.c}'s {@code display_thread_status}), written from what its
 * {@code calc_thread_status} gathered ({@link Jobs}):
 * {@code Jobs: 1 (f=1): [W(1)][45.5%][w=98.0MiB/s][w=25.1k IOPS][eta 00m:06s]}, then a carriage return, so the next
 * line rewrites it (padded with spaces to the previous one's length); with {@code --eta-newline} a line printed more
 * than that long after the last new line is followed by one. Keeps fio's state between lines (the last length,
 * whether a percent was shown, the new-line clock); the times are handed in, so a test drives it with made-up ones.
 */
public final class FioEtaLine {
    /** fio's {@code INT_MAX}: no ETA yet (fewer than 3 s since the jobs' start). */
    public static final long NO_ETA = Integer.MAX_VALUE;
    private static final char[] DIRECTION = {'r', 'w', 't'};

    /**
     * What fio's {@code struct jobs_eta} holds for one line.
     *
     * @param running        jobs running, ramping, verifying or finishing ({@code nr_running})
     * @param filesOpen      their open files
     * @param minRate        the running jobs' {@code rate_min} in bytes/s, summed; {@code maxRate} their {@code rate}
     * @param minIops        their {@code rate_iops_min}, summed; {@code maxIops} their {@code rate_iops}
     * @param runStates      fio's condensed run states ({@code W(1)}, {@code _(2),W(1),P(1)})
     * @param elapsedSeconds since the jobs' start, rounded up
     * @param etaSeconds     the ETA, or {@link #NO_ETA}
     * @param ramping        jobs in their ramp time; {@code settingUp} jobs setting up
     * @param rateKib        KiB/s per direction (read, write, trim) over the last interval
     * @param iops           requests per second per direction over the last interval
     * @param pow2           fio's {@code kb_base} is 1024
     * @param bits           the rates in bits ({@code unit_base=8}: a bit-based engine)
     */
    public record Jobs(int running, int filesOpen, long minRate, long maxRate, long minIops, long maxIops,
                       String runStates, long elapsedSeconds, long etaSeconds, int ramping, int settingUp,
                       long[] rateKib, long[] iops, boolean pow2, boolean bits) {}

    private final long newlineNanos;
    private long newlineFrom;
    private boolean newlineStarted;
    private boolean newlinePending;
    private int lastLength;
    private boolean etaGood;

    /** @param newlineMillis fio's {@code eta_new_line} (ms; 0: never a new line) */
    public FioEtaLine(long newlineMillis) {
        this.newlineNanos = newlineMillis * 1_000_000L;
    }

    /** fio's {@code eta_to_str}: {@code 00m:06s}, {@code 01h:02m:03s}, {@code 01d:00h:00m:00s}. */
    static String etaText(long seconds) {
        long s = seconds % 60;
        long m = seconds / 60 % 60;
        long h = seconds / 3600 % 24;
        long d = seconds / 86400;
        StringBuilder b = new StringBuilder();
        if (d > 0) {
            b.append(String.format(Locale.ROOT, "%02dd:", d));
        }
        if (h > 0 || d > 0) {
            b.append(String.format(Locale.ROOT, "%02dh:", h));
        }
        return b.append(String.format(Locale.ROOT, "%02dm:%02ds", m, s)).toString();
    }

    /** The text fio prints for {@code je} at {@code nowNanos} (ending in {@code \r}, as fio leaves it). */
    public String display(Jobs je, long nowNanos) {
        StringBuilder p = new StringBuilder();
        double perc = 0;
        String eta = "";
        if (je.etaSeconds() != NO_ETA && je.elapsedSeconds() > 0) {
            perc = (double) je.elapsedSeconds() / (double) (je.elapsedSeconds() + je.etaSeconds());
            eta = etaText(je.etaSeconds());
        }
        if (newlinePending) {
            newlinePending = false;
            lastLength = 0;
            p.append('\n');
        }
        int start = p.length();
        p.append("Jobs: ").append(je.running()).append(" (f=").append(je.filesOpen()).append(')');
        if (je.minRate() != 0 || je.maxRate() != 0) {
            String units = je.bits() ? "bit/s" : "B/s";
            long scale = je.bits() ? 8 : 1;
            p.append(", ").append(FioNumbers.num2str(je.minRate() * scale, 4, je.pow2(), units)).append('-')
                    .append(FioNumbers.num2str(je.maxRate() * scale, 4, je.pow2(), units));
        } else if (je.minIops() != 0 || je.maxIops() != 0) {
            p.append(", ").append(je.minIops()).append('-').append(je.maxIops()).append(" IOPS");
        }
        if (je.etaSeconds() != NO_ETA && je.running() > 0) {
            String percText;
            if (je.etaSeconds() == 0 && !etaGood || je.ramping() == je.running()) {
                percText = "-.-%";
            } else {
                double mult = 100.0;
                if (je.settingUp() > 0 && je.running() > 0) {
                    mult *= 1.0 - (double) je.settingUp() / (double) je.running();
                }
                etaGood = true;
                percText = String.format(Locale.ROOT, "%3.1f%%", perc * mult);
            }
            p.append(": [").append(je.runStates()).append("][").append(percText).append(']');
            rates(p, je);
            p.append("[eta ").append(eta).append(']');
            int length = p.length() - start;
            if (length < lastLength) {
                p.append(" ".repeat(lastLength - length));
            }
            lastLength = length;
        }
        p.append('\r');
        if (!newlineStarted) {
            newlineFrom = nowNanos;
            newlineStarted = true;
        } else if (newlineNanos > 0 && (nowNanos - newlineFrom) / 1_000_000L > newlineNanos / 1_000_000L) {
            newlineFrom = nowNanos;
            newlinePending = true;
        }
        return p.toString();
    }

    /** fio's {@code gen_eta_str}: {@code [r=..,w=..][r=..,w=.. IOPS]} for the directions that moved. */
    private static void rates(StringBuilder p, Jobs je) {
        boolean[] has = new boolean[3];
        boolean any = false;
        for (int d = 0; d < 3; d++) {
            has[d] = je.rateKib()[d] != 0 || je.iops()[d] != 0;
            any |= has[d];
        }
        if (!any) {
            return;
        }
        String units = je.bits() ? "bit/s" : "B/s";
        long scale = je.bits() ? 8 : 1;
        p.append('[');
        String sep = "";
        for (int d = 0; d < 3; d++) {
            if (has[d]) {
                p.append(sep).append(DIRECTION[d]).append('=')
                        .append(FioNumbers.num2str(je.rateKib()[d] * scale, 4, 1024, je.pow2(), units));
                sep = ",";
            }
        }
        p.append("][");
        sep = "";
        for (int d = 0; d < 3; d++) {
            if (has[d]) {
                p.append(sep).append(DIRECTION[d]).append('=').append(FioNumbers.num2str(je.iops()[d], 4, false,
                        ""));
                sep = ",";
            }
        }
        p.append(" IOPS]");
    }

    /**
     * fio's {@code update_condensed_str}: each run of one state letter as the letter and its count,
     * {@code PPW} as {@code P(2),W(1)}.
     */
    public static String condensed(CharSequence states) {
        StringBuilder b = new StringBuilder();
        int i = 0;
        while (i < states.length()) {
            char c = states.charAt(i);
            int n = 1;
            while (i + n < states.length() && states.charAt(i + n) == c) {
                n++;
            }
            if (!b.isEmpty()) {
                b.append(',');
            }
            b.append(c).append('(').append(n).append(')');
            i += n;
        }
        return b.toString();
    }
}
