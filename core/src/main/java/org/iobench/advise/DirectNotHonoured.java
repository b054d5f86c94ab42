package org.iobench.advise;

import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.iobench.result.Finding;
import org.iobench.result.TargetInfo;

/** {@code --direct} on a filesystem that accepts O_DIRECT without honouring it: a fact of the job and the target. */
final class DirectNotHonoured implements Rule {
    private static final Set<String> NO_DIRECT_IO_FS = Set.of("tmpfs", "ramfs", "overlay", "fuse", "squashfs",
            "devtmpfs");

    @Override
    public Optional<Finding> check(Subject s) {
        TargetInfo t = s.result().target();
        String fs = t.filesystem();
        if (!s.job().durability().direct() || fs == null || NO_DIRECT_IO_FS.stream().noneMatch(fs::startsWith)) {
            return Optional.empty();
        }
        return Optional.of(new Finding("direct-not-honoured",
                "--direct was asked on " + fs + ", which accepts O_DIRECT but serves it from memory",
                "target " + t.path() + " is on " + fs + (t.device() == null ? " (no block device)" : ""),
                "run on a filesystem backed by the device you want to measure, or on the block device itself",
                s.job().name(), null, List.of(), Finding.Confidence.CERTAIN, Finding.Severity.WARNING));
    }
}
