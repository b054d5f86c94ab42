package org.iobench.report;

import java.io.PrintStream;
import java.time.Instant;
import java.util.stream.Collectors;
import org.iobench.result.BlockHeaderFields;
import org.iobench.result.BlockMismatch;
import org.iobench.result.VerifyResult;

/** The text form of a verification: a summary line, then each listed mismatch with expected and found fields. */
public final class VerifyText {
    private VerifyText() {}

    /** {@code verify: crc32c, run 3f2a..., 16384 blocks stamped (2.1 GB/s), 16384 checked after (1.9 GB/s): OK}. */
    public static String summary(VerifyResult v) {
        StringBuilder b = new StringBuilder("verify: ").append(v.checksum()).append(", run ").append(v.runId());
        if (v.blocksStamped() > 0) {
            b.append(", ").append(v.blocksStamped()).append(" blocks stamped (")
                    .append(Units.rateDecimal(v.stampBytesPerSecond())).append(" stamping)");
        }
        if (v.blocksChecked() > 0) {
            b.append(", ").append(v.blocksChecked()).append(" checked")
                    .append(v.mode().equals("target") ? "" : " " + v.mode()).append(" (")
                    .append(Units.rateDecimal(v.checkBytesPerSecond())).append(" checking)");
        }
        b.append(": ").append(v.passed() ? "OK" : "FAILED, " + v.failures() + (v.failures() == 1 ? " bad block" : " bad blocks"));
        if (!v.counts().isEmpty()) {
            b.append(" (").append(v.counts().entrySet().stream().map(e -> e.getValue() + " " + e.getKey())
                    .collect(Collectors.joining(", "))).append(')');
        }
        if (v.note() != null) {
            b.append("; ").append(v.note());
        }
        return b.toString();
    }

    /** The summary, then each listed mismatch (the first {@value VerifyResult#MAX_LISTED}). */
    public static void print(VerifyResult v, PrintStream out) {
        out.println(summary(v));
        for (BlockMismatch m : v.mismatches()) {
            out.println("  " + m.line());
            if (m.expected() != null) {
                out.println("    expected " + fields(m.expected()));
            }
            out.println("    found    " + (m.found() == null ? "no header" : fields(m.found())
                    + (m.foundChecksum() == null ? "" : "; payload checksum computed " + m.foundChecksum())));
        }
        long listed = v.mismatches().size();
        long all = v.counts().values().stream().mapToLong(Long::longValue).sum();
        if (all > listed) {
            out.println("  ... and " + (all - listed) + " more (the first " + listed + " are listed)");
        }
    }

    static String fields(BlockHeaderFields f) {
        StringBuilder b = new StringBuilder("run ").append(f.runId()).append(" offset ").append(f.offset())
                .append(" bs ").append(f.blockSize());
        b.append(" seq ").append(f.sequence() == null ? "?" : f.sequence());
        if (f.worker() != null) {
            b.append(" worker ").append(f.worker());
        }
        if (f.timestampMillis() != null) {
            b.append(" at ").append(Instant.ofEpochMilli(f.timestampMillis()));
        }
        if (f.payloadChecksum() != null) {
            b.append(" ").append(f.checksum()).append(' ').append(f.payloadChecksum());
        }
        return b.toString();
    }
}
