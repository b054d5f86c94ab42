package org.iobench.store;

import java.time.Instant;
import java.util.Map;

/** Something {@link ResultStore#saveAll} saves as one run: an I/O benchmark or one variant of a micro-benchmark. */
public sealed interface RunToSave permits NewRun, NewMicroRun {
    Map<String, String> labels();

    String note();

    String source();

    Instant createdAt();
}
