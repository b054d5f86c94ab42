package org.iobench.job;

import java.nio.file.Path;

/**
 * Where a {@link RwMode#COPY} job reads; {@link #NONE} for every other job.
 *
 * @param source            the file or device read; null when the job is not a copy
 * @param sourceOffsetBytes where reading starts in {@code source} (dd's {@code skip})
 */
public record Copy(Path source, long sourceOffsetBytes) {
    public static final Copy NONE = new Copy(null, 0);
}
