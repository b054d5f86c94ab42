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
    COPY("copy", false, true, true),
    /** Discards (fio's trims), block after block: {@code BLKDISCARD} on a block device, a hole with {@code falloc}. */
    TRIM("trim", false, false, false, true),
    RANDTRIM("randtrim", true, false, false, true),
    /** fio's {@code trimwrite}: each block trimmed, then written; the job's size is trimmed and written once each. */
    TRIMWRITE("trimwrite", false, false, true, true),
    RANDTRIMWRITE("randtrimwrite", true, false, true, true);

    private final String label;
    private final boolean random;
    private final boolean reads;
    private final boolean writes;
    private final boolean trims;

    RwMode(String label, boolean random, boolean reads, boolean writes) {
        this(label, random, reads, writes, false);
    }

    RwMode(String label, boolean random, boolean reads, boolean writes, boolean trims) {
        this.label = label;
        this.random = random;
        this.reads = reads;
        this.writes = writes;
        this.trims = trims;
    }

    @JsonValue
    public String label() { return label; }
    public boolean random() { return random; }
    public boolean reads() { return reads; }
    public boolean writes() { return writes; }
    /** The job discards blocks (fio's trim direction). */
    public boolean trims() { return trims; }

    /**
     * The job changes the target's contents (writes or trims): it needs the same consent, exclusive claim and in-use
     * checks as a write, since a discard destroys data as surely.
     */
    public boolean modifies() { return writes || trims; }
    /** Reads and writes chosen per request by the mix; a copy reads and writes every block, so it is not mixed. */
    public boolean mixed() { return reads && writes && this != COPY; }

    public static Optional<RwMode> byLabel(String label) {
        return Arrays.stream(values()).filter(m -> m.label.equals(label)).findFirst();
    }

    /**
     * The pattern of fio's {@code rw=} value (an {@code :N} step suffix ignored): its own names and
     * {@code readwrite}, and its trims; empty for values fio does not know.
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
            case "trim" -> TRIM;
            case "randtrim" -> RANDTRIM;
            case "trimwrite" -> TRIMWRITE;
            case "randtrimwrite" -> RANDTRIMWRITE;
            default -> null;
        });
    }

    @Override
    public String toString() {
        return label;
    }
}
