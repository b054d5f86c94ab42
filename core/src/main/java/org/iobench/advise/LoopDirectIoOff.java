package org.iobench.advise;

import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import org.iobench.result.Finding;
import org.iobench.sysmon.LoopDirectIo;

/**
 * {@code --direct} on a loop device (or a filesystem on one) whose direct I/O is off ({@code loop/dio} = 0, the
 * default of {@code losetup}): the loop driver reads and writes its backing file through the page cache, so the
 * "direct" figures are that cache's (1.4-3.6 GB/s here for a virtio disk that does ~1.4 GB/s direct), common in CI
 * set-ups. The evidence is the device's own sysfs attribute, read right after the run while it is attached.
 */
final class LoopDirectIoOff implements Rule {
    private final Function<String, Optional<LoopDirectIo.State>> loops;

    LoopDirectIoOff(Function<String, Optional<LoopDirectIo.State>> loops) {
        this.loops = loops;
    }

    @Override
    public Optional<Finding> check(Subject s) {
        if (!s.job().durability().direct()) {
            return Optional.empty();
        }
        String device = s.result().target().device();
        Optional<LoopDirectIo.State> state = loops.apply(device).filter(l -> !l.directIo());
        if (state.isEmpty()) {
            return Optional.empty();
        }
        LoopDirectIo.State l = state.get();
        String dev = "/dev/" + l.loop();
        return Optional.of(new Finding("loop-direct-io-off",
                "--direct on " + dev + ", whose direct I/O is off: the loop driver reads and writes its backing file"
                        + " through the page cache, so the figures are that cache's, not a device's",
                "/sys/block/" + l.loop() + "/loop/dio = 0" + (l.backingFile() == null ? ""
                        : "; backing file " + l.backingFile()) + "; target " + s.result().target().path(),
                "turn the loop device's direct I/O on (losetup --direct-io=on " + dev + ", or attach it with"
                        + " losetup --direct-io=on -f --show FILE), or measure the backing file's own device",
                s.job().name(), null, List.of(), Finding.Confidence.CERTAIN, Finding.Severity.WARNING));
    }
}
