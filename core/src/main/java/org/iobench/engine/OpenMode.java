package org.iobench.engine;

import org.iobench.sys.OpenFlags;

/**
 * How a file is opened for an engine's requests: fio's {@code td_io_open_file} flags.
 *
 * @param write     read-write ({@code O_RDWR}); false: read-only
 * @param direct    {@code O_DIRECT}: bypass the page cache; offsets, lengths and buffers then follow the device's
 *                  logical block size
 * @param dsync     {@code O_DSYNC}: each write returns once its data is durable
 * @param sync      {@code O_SYNC}: each write returns once its data and metadata are durable (fio's {@code sync=1})
 * @param createNew create the file, which must not exist, not even as a symbolic link
 *                  ({@code O_CREAT | O_EXCL | O_NOFOLLOW}, mode 0644); implies write
 */
public record OpenMode(boolean write, boolean direct, boolean dsync, boolean sync, boolean createNew) {
    private static final int NEW_FILE_MODE = 0644;

    public static final OpenMode READ = new OpenMode(false, false, false, false, false);
    public static final OpenMode READ_WRITE = new OpenMode(true, false, false, false, false);
    public static final OpenMode CREATE_NEW = new OpenMode(true, false, false, false, true);

    public OpenMode {
        write = write || createNew;
    }

    public OpenMode withDirect(boolean on) {
        return new OpenMode(write, on, dsync, sync, createNew);
    }

    public OpenMode withDsync(boolean on) {
        return new OpenMode(write, direct, on, sync, createNew);
    }

    public OpenMode withSync(boolean on) {
        return new OpenMode(write, direct, dsync, on, createNew);
    }

    /** The {@code open(2)} flags. */
    public int flags() {
        int flags = write ? OpenFlags.O_RDWR : OpenFlags.O_RDONLY;
        if (direct) {
            flags |= OpenFlags.O_DIRECT;
        }
        if (dsync) {
            flags |= OpenFlags.O_DSYNC;
        }
        if (sync) {
            flags |= OpenFlags.O_SYNC;
        }
        if (createNew) {
            flags |= OpenFlags.O_CREAT | OpenFlags.O_EXCL | OpenFlags.O_NOFOLLOW;
        }
        return flags;
    }

    /** The permission bits of a file it creates. */
    public int createMode() {
        return createNew ? NEW_FILE_MODE : 0;
    }
}
