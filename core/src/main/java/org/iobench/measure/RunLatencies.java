package org.iobench.measure;

import java.util.List;
import org.HdrHistogram.Histogram;

/**
 * The latency histograms of one run, unsummarised, for whoever merges runs of several processes (hosts of a
 * multi-host run): one read and one write histogram per worker, in worker order, and the run's sync calls (the
 * final sync included). Values are nanoseconds, 3 significant digits. Each histogram is a copy the receiver owns.
 */
public record RunLatencies(List<Histogram> readsByWorker, List<Histogram> writesByWorker, Histogram syncs) {
    public RunLatencies {
        readsByWorker = List.copyOf(readsByWorker);
        writesByWorker = List.copyOf(writesByWorker);
    }
}
