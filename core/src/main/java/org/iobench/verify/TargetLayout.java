package org.iobench.verify;

/**
 * Where a run's blocks are on a target, for {@code iobench verify}.
 *
 * @param regionStart       first byte of the region
 * @param regionBytes       bytes of the region; whole blocks are checked
 * @param blockSize         bytes per block
 * @param everyBlockWritten the run wrote every block of the region (a complete sequential write, known from its
 *                          result file): then a block without this run's header fails (stale or garbage);
 *                          otherwise it is only reported (other-run, unstamped)
 * @param source            where the layout came from, for the report ({@code "headers"}, {@code "--json FILE"})
 */
public record TargetLayout(long regionStart, long regionBytes, long blockSize, boolean everyBlockWritten,
                           String source) {
    public long blocks() {
        return regionBytes / blockSize;
    }
}
