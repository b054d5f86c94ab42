package org.iobench.advise;

import java.util.List;
import java.util.Optional;
import org.iobench.job.JobSpec;
import org.iobench.result.Finding;
import org.iobench.result.RunResult;
import org.iobench.result.SystemSummary;
import org.iobench.result.WorkerEvidence;

/**
 * A buffered write-only job whose worker threads caused storage reads (their own {@code read_bytes}) of at least
 * {@link Rules#RMW_READ_SHARE} of what they wrote: the kernel read pages in to modify them (the blog post's dd without
 * {@code bs}). Reads of other processes on the device are not in the workers' counters, so they cannot trip it;
 * the device's count only corroborates.
 */
final class ReadModifyWrite implements Rule {
    private static final long PAGE = 4096;
    private static final long MIB = 1 << 20;

    @Override
    public Optional<Finding> check(Subject s) {
        JobSpec j = s.job();
        if (!j.workload().rw().writes() || j.workload().rw().reads() || j.durability().direct()) {
            return Optional.empty();
        }
        return Evidence.perRun("read-modify-write", s, ReadModifyWrite::run);
    }

    private static Optional<Hit> run(Subject s, RunResult r) {
        long written = r.totals().bytesWritten();
        Optional<WorkerEvidence> ev = Evidence.storage(r);
        if (written <= 0 || ev.isEmpty()) {
            return Optional.empty();
        }
        WorkerEvidence e = ev.get();
        if (e.readBytes() < Rules.RMW_FLOOR_BYTES || e.readBytes() < Rules.RMW_READ_SHARE * written) {
            return Optional.empty();
        }
        JobSpec j = s.job();
        long unit = Math.max(PAGE, s.result().target().physicalBlockSize());
        String evidence = Evidence.who(e) + " caused " + Evidence.mb(e.readBytes()) + " of storage reads = "
                + Evidence.pct((double) e.readBytes() / written) + " of the " + Evidence.mb(written)
                + " written in " + Evidence.size(j.workload().blockSize()) + " requests"
                        + device(r.evidence().systemSummary(), e);
        boolean partialBlocks = j.workload().blockSize() % unit != 0;
        String message = partialBlocks
                ? "writes of " + Evidence.size(j.workload().blockSize()) + " cover only part of a "
                        + Evidence.size(unit)
                        + " page or block, so the kernel read each one from storage before modifying it"
                : "the kernel read pages from storage before modifying them: the writes did not cover whole"
                        + " pages";
        Fixes say = Fixes.of(s);
        String whole = "write whole " + Evidence.size(unit) + " blocks at offsets that are multiples of it";
        String fix = partialBlocks
                ? Fixes.either(say, List.of(say.blockSize(suggested(j, unit))),
                        List.of(say.inRunFlags().blockSize(suggested(j, unit))),
                        "use a block size that is a multiple of " + Evidence.size(unit) + " (the page size and the"
                                + " device's physical block): ").orElse(whole)
                : j.workload().offsetBytes() % unit != 0
                ? Fixes.either(say, List.of(say.offsetMultipleOf(unit)), List.of(say.inRunFlags()
                        .offsetMultipleOf(unit)), "").orElse(whole)
                : whole;
        return Optional.of(Hit.warning(message, evidence, fix, Evidence.confidenceOf(e)));
    }

    /** 1 MiB, or the page where the job moves less than that. */
    private static long suggested(JobSpec j, long unit) {
        long size = j.workload().sizeBytes();
        return size > 0 && size < MIB ? unit : Math.max(unit, MIB);
    }

    /** The device's count, as corroboration: "; vda read 35.0 MB in all". */
    private static String device(SystemSummary sys, WorkerEvidence e) {
        if (sys == null || sys.device() == null || sys.deviceBytesRead() < 0) {
            return "";
        }
        return "; " + sys.device() + " read " + Evidence.mb(sys.deviceBytesRead()) + " in all";
    }
}
