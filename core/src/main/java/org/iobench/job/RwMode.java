package org.iobench.job;

import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Arrays;
import java.util.Optional;

/** The access pattern, named as in fio's {@code rw=}. */
public enum RwMode {
    READ("read", false, true, false),
    WRITE("write", false, false, true),
    RANDREAD("randread", true, true, false),
    RANDWRITE("randwrite", true, false, true),
    RW("rw", false, true, true),
    RANDRW("randrw", true, true, true),
    /** Reads {@code source} and writes what it read to the target, block by block (dd, cp). */
    COPY("copy", false, true, true);

    private final String label;
    private final boolean random;
    private final boolean reads;
    private final boolean writes;

    RwMode(String label, boolean random, boolean reads, boolean writes) {
        this.label = label;
        this.random = random;
        this.reads = reads;
        this.writes = writes;
    }

    @JsonValue
    public String label() { return label; }
    public boolean random() { return random; }
    public boolean reads() { return reads; }
    public boolean writes() { return writes; }
    /** Reads and writes chosen per request by the mix; a copy reads and writes every block, so it is not mixed. */
    public boolean mixed() { return reads && writes && this != COPY; }

    public static Optional<RwMode> byLabel(String label) {
        return Arrays.stream(values()).filter(m -> m.label.equals(label)).findFirst();
    }

    /**
     * The pattern of fio's {@code rw=} value (an {@code :N} step suffix ignored): its own names and
     * {@code readwrite}; empty for fio's trims and for values fio does not know.
     */
    public static Optional<RwMode> fio(String value) {
        String v = value.contains(":") ? value.substring(0, value.indexOf(':')) : value;
        return Optional.ofNullable(switch (v) {
            case "read" -> READ;
            case "write" -> WRITE;
            case "randread" -> RANDREAD;
            case "randwrite" -> RANDWRITE;
            case "rw", "readwrite" -> RW;
            case "randrw" -> RANDRW;
            default -> null;
        });
    }

    @Override
    public String toString() {
        return label;
    }
}
