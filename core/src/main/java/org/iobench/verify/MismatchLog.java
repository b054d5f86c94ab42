package org.iobench.verify;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.iobench.result.BlockMismatch;
import org.iobench.result.MismatchKind;
import org.iobench.result.VerifyResult;

/** Counts mismatches by kind and keeps the first {@link VerifyResult#MAX_LISTED} of them. One per thread. */
final class MismatchLog {
    private final Map<MismatchKind, Long> counts = new EnumMap<>(MismatchKind.class);
    private final List<BlockMismatch> listed = new ArrayList<>();
    long blocksChecked;
    long bytesChecked;
    long checkNanos;

    void add(BlockMismatch m) {
        counts.merge(m.kind(), 1L, Long::sum);
        if (listed.size() < VerifyResult.MAX_LISTED) {
            listed.add(m);
        }
    }

    void addAll(MismatchLog other) {
        other.counts.forEach((k, n) -> counts.merge(k, n, Long::sum));
        for (BlockMismatch m : other.listed) {
            if (listed.size() < VerifyResult.MAX_LISTED) {
                listed.add(m);
            }
        }
        blocksChecked += other.blocksChecked;
        bytesChecked += other.bytesChecked;
        checkNanos += other.checkNanos;
    }

    Map<String, Long> counts() {
        Map<String, Long> byLabel = new LinkedHashMap<>();
        counts.forEach((k, n) -> byLabel.put(k.label(), n));
        return byLabel;
    }

    List<BlockMismatch> listed() {
        return listed;
    }
}
