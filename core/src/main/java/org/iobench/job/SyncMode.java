package org.iobench.job;

import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Arrays;
import java.util.Optional;

/**
 * How written data is made durable.
 *
 * <ul>
 *   <li>{@code none}: buffered writes only; the figure can be the page cache's.</li>
 *   <li>{@code dsync}: {@code O_DSYNC} on every write, as dd's {@code oflag=dsync}.</li>
 *   <li>{@code sync}: {@code O_SYNC} on every write (data and metadata such as the modification time), as dd's
 *       {@code oflag=sync} and fio's {@code sync=1}.</li>
 *   <li>{@code fdatasync}/{@code fsync}: one call at the end, inside the measured time (dd's
 *       {@code conv=fdatasync}), its own duration also reported.</li>
 * </ul>
 */
public enum SyncMode {
    NONE("none"), DSYNC("dsync"), SYNC("sync"), FDATASYNC("fdatasync"), FSYNC("fsync");

    private final String label;

    SyncMode(String label) {
        this.label = label;
    }

    @JsonValue
    public String label() { return label; }

    /** True for the modes that open the target with a synchronous flag, so every write is durable on return. */
    public boolean everyWrite() {
        return this == DSYNC || this == SYNC;
    }

    /** True for the modes that issue one sync call after the last write. */
    public boolean syncsAtEnd() {
        return this == FDATASYNC || this == FSYNC;
    }

    public static Optional<SyncMode> byLabel(String label) {
        return Arrays.stream(values()).filter(m -> m.label.equals(label)).findFirst();
    }

    @Override
    public String toString() {
        return label;
    }
}
