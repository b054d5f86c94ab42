package org.iobench.report;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import org.iobench.job.DdOperands;
import org.iobench.job.RwMode;
import org.iobench.result.RunResult;
import org.iobench.result.Totals;

/**
 * GNU dd's closing lines for a run of {@code iobench dd}, in dd's exact format:
 * <pre>
 * 1024+0 records in
 * 1024+0 records out
 * 1073741824 bytes (1.1 GB, 1.0 GiB) copied, 1.23456 s, 870 MB/s
 * </pre>
 * Records are counted from the bytes moved, as dd counts them: full blocks plus one partial block for a short
 * remainder; without {@code bs=} the output side is re-blocked to {@code obs}.
 */
public final class DdText {
    private DdText() {}

    /** The lines dd prints for {@code status} (none: nothing, noxfer: the records only). */
    public static List<String> lines(DdOperands d, RwMode rw, RunResult r) {
        List<String> lines = new ArrayList<>();
        if (d.status().equals("none")) {
            return lines;
        }
        Totals t = r.totals();
        long in = rw == RwMode.WRITE ? t.bytesWritten() : t.bytesRead();
        long out = rw == RwMode.READ ? t.bytesRead() : t.bytesWritten();
        long[] inRecords = records(in, d.ibs());
        long[] outRecords = d.bsGiven() ? inRecords : records(out, d.obs());
        lines.add(inRecords[0] + "+" + inRecords[1] + " records in");
        lines.add(outRecords[0] + "+" + outRecords[1] + " records out");
        if (!d.status().equals("noxfer")) {
            lines.add(transfer(out, t.elapsedNanos()));
        }
        return lines;
    }

    /** The run's system samples as vmstat and iostat lines ({@code --vmstat}), after dd's lines. */
    public static void printVmstat(RunResult r, PrintStream out) {
        VmstatBlock.print(r, out);
    }

    /** {@code [full, partial]} records of {@code block} bytes in {@code bytes}. */
    public static long[] records(long bytes, long block) {
        return new long[] {bytes / block, bytes % block == 0 ? 0 : 1};
    }

    /** dd's transfer line: bytes with their SI and IEC forms, seconds as {@code %g}, the SI rate. */
    public static String transfer(long bytes, long elapsedNanos) {
        String si = CNumbers.si(bytes);
        String iec = CNumbers.iec(bytes);
        String rate = elapsedNanos > 0 ? CNumbers.siRate(bytes * 1e9 / elapsedNanos) : "Infinity B/s";
        String seconds = CNumbers.g(elapsedNanos / 1e9) + " s";
        if (CNumbers.lacksPrefix(si)) {
            return bytes + (bytes == 1 ? " byte" : " bytes") + " copied, " + seconds + ", " + rate;
        }
        if (CNumbers.lacksPrefix(iec)) {
            return bytes + " bytes (" + si + ") copied, " + seconds + ", " + rate;
        }
        return bytes + " bytes (" + si + ", " + iec + ") copied, " + seconds + ", " + rate;
    }
}
