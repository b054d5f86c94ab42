package org.iobench.advise;

import java.util.List;
import java.util.Optional;
import org.iobench.result.Finding;
import org.iobench.result.RunResult;
import org.iobench.result.SystemSummary;
import org.iobench.result.WorkerEvidence;

/**
 * The device's counts over a measured window less what iobench's workers caused in it: what other processes (or the
 * kernel writing back earlier writes) made the device do meanwhile. Shared by {@link DeviceShared} (a job alone) and
 * {@link GroupDeviceShared} (the jobs of a group together).
 */
final class SharedDevice {
    private SharedDevice() {}

    /**
     * The context hit for {@code runs} (run N of every job that ran together), or empty when the device did not do
     * notably more than they caused, or when anything needed is unknown.
     */
    static Optional<Hit> of(List<RunResult> runs, String whose) {
        SystemSummary sys = null;
        long causedRead = 0;
        long causedWritten = 0;
        long moved = 0;
        for (RunResult r : runs) {
            SystemSummary s = r.evidence().systemSummary();
            Optional<WorkerEvidence> e = Evidence.storage(r);
            if (s == null || s.device() == null || s.deviceBytesRead() < 0 || s.deviceBytesWritten() < 0
                    || e.isEmpty()) {
                return Optional.empty();
            }
            if (sys == null || s.windowMillis() > sys.windowMillis()) {
                sys = s; // the group's windows overlap: the longest holds the others
            }
            causedRead += e.get().readBytes();
            causedWritten += e.get().writeBytes();
            moved += r.totals().bytes();
        }
        if (sys == null) {
            return Optional.empty();
        }
        long otherRead = Math.max(0, sys.deviceBytesRead() - causedRead);
        long otherWritten = Math.max(0, sys.deviceBytesWritten() - causedWritten);
        long threshold = Math.max(Rules.SHARED_DEVICE_FLOOR_BYTES, (long) (Rules.SHARED_DEVICE_SHARE * moved));
        boolean reads = otherRead >= threshold;
        boolean writes = otherWritten >= threshold;
        if (!reads && !writes) {
            return Optional.empty();
        }
        String did = (reads ? "read " + Evidence.mb(otherRead) : "")
                + (reads && writes ? " and " : "") + (writes ? "wrote " + Evidence.mb(otherWritten) : "");
        String evidence = sys.device() + " also " + did + " that " + whose + " did not cause in the measured window"
                + " (other processes, or the kernel writing back earlier writes); " + whose + " caused "
                + Evidence.mb(causedRead) + " of reads and " + Evidence.mb(causedWritten) + " of writes";
        return Optional.of(Hit.context("the device served other I/O during the run: the figures were measured on a"
                        + " shared device and may be lower than it gives alone", evidence,
                "measure on a quiet device to see what it does alone", Finding.Confidence.CERTAIN));
    }
}
