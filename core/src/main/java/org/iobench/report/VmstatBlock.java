package org.iobench.report;

import java.io.PrintStream;
import org.iobench.result.RunResult;
import org.iobench.sysmon.DiskSample;
import org.iobench.sysmon.SystemSample;
import org.iobench.sysmon.VmstatFormatter;

/** A run's system samples printed as procps vmstat prints them, then the target device as iostat -x does. */
final class VmstatBlock {
    private VmstatBlock() {}

    static void print(RunResult r, PrintStream out) {
        out.println();
        if (r.evidence().system() == null || r.evidence().system().samples().isEmpty()) {
            out.println("vmstat, run " + r.run() + ": no samples (the run was shorter than one sample interval)");
            return;
        }
        out.println("vmstat, run " + r.run() + ":");
        out.print(VmstatFormatter.header());
        for (SystemSample s : r.evidence().system().samples()) {
            out.println(VmstatFormatter.line(s));
        }
        if (!r.evidence().system().window().disks().isEmpty()) {
            out.println("whole run:");
            out.println(VmstatFormatter.diskHeader());
            for (DiskSample d : r.evidence().system().window().disks()) {
                out.println(VmstatFormatter.diskLine(d));
            }
        }
    }
}
