package org.iobench.workload.zbd;

import java.util.concurrent.atomic.AtomicLong;
import org.iobench.job.EmulatedZones;

/**
 * The emulated zones of one file, as fio 3.33's {@code zbd.c} keeps them for a target that is not a zoned block
 * device ({@code init_zone_info}): {@code ceil(fileBytes / zoneBytes)} zones from byte 0, each of the same capacity,
 * every one sequential-write-required and empty at first; their write pointers live in memory only. Shared by every
 * job of a run on the file (fio shares its {@code zbd_info} by file name), each through its own {@link Job}.
 *
 * <p>A reset moves a write pointer back to its zone's start and counts; on such a target fio sends nothing to the
 * file ({@code zbd_reset_zone} resets the device only for host-aware and host-managed models), and neither does
 * iobench. Thread-safe: every change happens under the book's lock (fio holds a zone's mutex from the request's
 * placement to its queueing; one lock for the book is the same order for a file's requests).
 */
public final class ZoneBook {
    private final long zoneBytes;
    private final long capacityBytes;
    private final int zones;
    private final int maxOpenZones;
    private final long[] wp;
    private final boolean[] open;
    private final boolean[] resetDue;
    /** fio's {@code open_zones}: the open zones in the order they were opened. */
    private final int[] openZones;
    private int openCount;
    /** Bytes below the write pointers (fio's {@code sectors_with_data}, in bytes). */
    private long withData;
    /** fio's {@code write_cnt}: writes left before {@code zone_reset_frequency} resets a zone. */
    private long writeCount;
    private final AtomicLong resets = new AtomicLong();
    /** The file's name as the job gave it (fio's {@code f->file_name}), for {@link #trace}. */
    private final String name;
    private final ZoneTrace trace;

    /**
     * @param fileBytes the file's size: at least one zone
     */
    public ZoneBook(EmulatedZones spec, long fileBytes) {
        this(spec, fileBytes, "", ZoneTrace.NONE);
    }

    /**
     * @param name  the file's name, as the zone events name it
     * @param trace hears the book's zone events, in fio's {@code --debug=zbd} words
     */
    public ZoneBook(EmulatedZones spec, long fileBytes, String name, ZoneTrace trace) {
        if (fileBytes < spec.zoneBytes()) {
            throw new IllegalArgumentException("a file of " + fileBytes + " bytes is smaller than a zone of "
                    + spec.zoneBytes());
        }
        this.zoneBytes = spec.zoneBytes();
        this.capacityBytes = spec.capacityBytes();
        this.zones = (int) ((fileBytes + zoneBytes - 1) / zoneBytes);
        this.maxOpenZones = spec.maxOpenZones();
        this.wp = new long[zones];
        for (int z = 0; z < zones; z++) {
            wp[z] = start(z);
        }
        this.open = new boolean[zones];
        this.resetDue = new boolean[zones];
        this.openZones = new int[Math.max(1, EmulatedZones.MAX_OPEN_ZONES)];
        this.name = name;
        this.trace = trace;
    }

    /** The zone size of this book. */
    public long zoneBytes() {
        return zoneBytes;
    }

    /** The bytes of a zone that can be written ({@code zonecapacity} of the job that made the book). */
    public long capacityBytes() {
        return capacityBytes;
    }

    /** The open-zone limit of this book ({@code max_open_zones}, 0: none). */
    public int maxOpenZones() {
        return maxOpenZones;
    }

    /** Zone resets so far, every job of the file. */
    public long resets() {
        return resets.get();
    }

    /** The write pointer of zone {@code z} (tests). */
    public synchronized long writePointer(int z) {
        return wp[z];
    }

    private long start(int z) {
        return z * zoneBytes;
    }

    private long capacityEnd(int z) {
        return start(z) + capacityBytes;
    }

    /** fio's {@code zbd_offset_to_zone_idx}: the zone holding {@code offset}, the sentinel past the last. */
    private int zoneOf(long offset) {
        return (int) Math.min(offset / zoneBytes, zones);
    }

    private boolean full(int z, long required) {
        return wp[z] + required > capacityEnd(z);
    }

    /**
     * A job's view of the book: its region (where its zones are) and limits. Not thread-safe on its own fields,
     * which only its worker uses; every call takes the book's lock.
     */
    public final class Job {
        private final long regionStart;
        private final long regionLength;
        private final int minZone;
        private final int maxZone;
        private final int jobMaxOpenZones;
        private final boolean readBeyondWp;
        private final double resetThreshold;
        private final double resetFrequency;
        private final boolean random;
        /** The job verifies ({@code verify=}): full zones are not reopened, a new loop resets the job's zones. */
        private final boolean verify;
        /** fio's {@code td->num_open_zones}: unsigned, so a zone another job opened and this one closed wraps it. */
        private int ownOpen;
        private long length;
        /** fio's {@code td->ts.nr_zone_resets}: the zones this job reset. */
        private long ownResets;
        /** The zone of the last write placed; -1 before the first. */
        private int lastWriteZone = -1;

        private Job(EmulatedZones spec, long regionStart, long regionLength, boolean random, boolean verify) {
            this.regionStart = regionStart;
            this.regionLength = regionLength;
            this.minZone = zoneOf(regionStart);
            this.maxZone = zoneOf(regionStart + regionLength);
            this.jobMaxOpenZones = spec.jobMaxOpenZones();
            this.readBeyondWp = spec.readBeyondWp();
            this.resetThreshold = spec.resetThreshold();
            this.resetFrequency = spec.resetFrequency();
            this.random = random;
            this.verify = verify;
            synchronized (ZoneBook.this) {
                resetWriteCount();
            }
        }

        /**
         * fio's {@code zbd_file_reset} when a writing job opens its file (its start, each new loop): the count towards
         * the next frequency reset starts again and, for a job that verifies, every zone of its region is closed and
         * reset ({@code zbd_reset_zones}: a reset while writing would lose data the verify reads back), each zone
         * holding data counted as this job's reset.
         */
        public void newLoop() {
            synchronized (ZoneBook.this) {
                long swd = 0; // fio's zbd_process_swd: the data below the pointers of the job's zones
                for (int z = minZone; z < maxZone; z++) {
                    swd += wp[z] - start(z);
                }
                trace.line("zbd_file_reset(" + name + "): swd = " + swd);
                if (verify) {
                    trace.line(name + ": examining zones " + minZone + " .. " + maxZone); // zbd_reset_zones
                    for (int z = minZone; z < maxZone; z++) {
                        close(z);
                        if (wp[z] != start(z)) {
                            trace.line(name + ": resetting zone " + z);
                        }
                        if (reset(z)) {
                            ownResets++;
                        }
                    }
                }
                resetWriteCount();
            }
        }

        /** The zones this job reset (fio's {@code nr_zone_resets} of its thread). */
        public long resets() {
            synchronized (ZoneBook.this) {
                return ownResets;
            }
        }

        /** The length of the request the last {@link #placeWrite} or {@link #placeRead} placed. */
        public long length() {
            return length;
        }

        /** fio's {@code zbd_adjust_ddir}: a mixed job's read becomes a write while the file holds no data. */
        public boolean readsNothingYet() {
            synchronized (ZoneBook.this) {
                return withData == 0 && !readBeyondWp;
            }
        }

        /**
         * fio's {@code zbd_adjust_block} for a write drawn at {@code offset} of {@code bytes}, then its
         * {@code zbd_queue_io}: the zone is opened (or the write moved to an open zone), reset when full or when
         * {@code zone_reset_frequency} says so, the write put at its write pointer, cut to whole {@code minBytes}
         * before the capacity's end, and the pointer moved past it. Returns the write's offset ({@link #length} its
         * length), or -1 where fio finds no zone to write (the job ends).
         */
        public long placeWrite(long offset, long bytes, long minBytes) {
            synchronized (ZoneBook.this) {
                int z = zoneOf(offset);
                if (!openZone(z, minBytes)) {
                    z = convertToOpenZone(offset, minBytes);
                    if (z < 0 && closeFilled()) {
                        // fio's io_u_quiesce, then its retry: the writes in flight complete and close the zones
                        // they fill (a worker that waits for its completions has none left here)
                        z = convertToOpenZone(offset, minBytes);
                    }
                    if (z < 0) {
                        return -1;
                    }
                }
                if (resetFrequency > 0 && withData >= regionLength * resetThreshold && decrementWriteCount()) {
                    resetDue[z] = true;
                }
                if (resetDue[z] || full(z, minBytes)) {
                    resetDue[z] = false;
                    if (reset(z)) {
                        ownResets++;
                    }
                }
                long at = wp[z];
                if (at - regionStart >= regionLength || at < regionStart) {
                    return -1; // fio: "invalid WP value"
                }
                long len = Math.min(bytes, capacityEnd(z) - at) / minBytes * minBytes;
                if (len < minBytes) {
                    return -1; // fio: "zone remainder too small"
                }
                length = len;
                long end = Math.min(at + len, capacityEnd(z));
                if (wp[z] <= end) {
                    withData += end - wp[z];
                }
                wp[z] = end;
                lastWriteZone = z;
                return at;
            }
        }

        /**
         * fio's {@code zbd_adjust_block} for a read drawn at {@code offset} of {@code bytes}: with
         * {@code read_beyond_wp} as drawn; else within the written part of its zone, or of the next zone holding
         * {@code minBytes} (sequential; random: the nearest such zone, after or before), keeping a random read's
         * place in the zone modulo the written part, cut to whole {@code minBytes} at the write pointer. Returns the
         * read's offset ({@link #length} its length), or -1 where no zone holds data to read (the job ends).
         */
        public long placeRead(long offset, long bytes, long minBytes) {
            synchronized (ZoneBook.this) {
                length = bytes;
                if (readBeyondWp) {
                    return offset;
                }
                int orig = zoneOf(offset);
                int z = orig;
                long range = wp[z] - start(z);
                if (range < minBytes || !random && offset + minBytes > wp[z]) {
                    z = findZone(minBytes, z);
                    if (z < 0) {
                        return -1;
                    }
                    range = wp[z] - start(z);
                    if (!random) {
                        offset = start(z);
                    }
                }
                if (range <= bytes) {
                    offset = start(z);
                } else if (random) {
                    offset = start(z) + ((offset - start(orig)) % (range - bytes)) / minBytes * minBytes;
                }
                long len = Math.min(bytes, wp[z] - offset) / minBytes * minBytes;
                if (len < bytes) {
                    length = len;
                }
                return offset;
            }
        }

        /**
         * fio's {@code zbd_adjust_block} for a trim drawn at {@code offset} (a whole zone: the job's trim size is the
         * zone size), then its {@code zbd_do_io_u_trim}: a random trim of an empty zone goes to the nearest zone
         * holding data (none: -1, the job ends), a sequential one stays; with {@code reset} (the engine discards,
         * fio's {@code do_io_u_trim}) the zone is reset (counted where it held data) and nothing is sent to the file.
         * Returns the trim's offset ({@link #length} its length).
         */
        public long placeTrim(long offset, long bytes, boolean reset) {
            synchronized (ZoneBook.this) {
                int z = zoneOf(offset);
                if (random && wp[z] <= start(z)) {
                    z = findZone(1, z);
                    if (z < 0) {
                        return -1;
                    }
                    offset = start(z);
                    trace.line(name + ": found new zone(" + offset + ") for trim");
                }
                length = bytes;
                if (reset && reset(z)) {
                    ownResets++;
                }
                return offset;
            }
        }

        /**
         * The write {@link #placeWrite} placed last is cut to {@code bytes} (fio's random map marks it from where it
         * was drawn and shortens it where a block was used before, then {@code zbd_queue_io} moves the pointer past
         * what is issued): its zone's pointer ends after those bytes.
         */
        public void shorten(long bytes) {
            synchronized (ZoneBook.this) {
                long cut = length - bytes;
                if (cut > 0 && lastWriteZone >= 0) {
                    wp[lastWriteZone] -= cut;
                    withData -= cut;
                    length = bytes;
                }
            }
        }

        /** fio's {@code zbd_end_zone_io}: a write that reached its zone's capacity closes the zone. */
        public void completed(boolean write, long offset, long bytes) {
            if (!write) {
                return;
            }
            synchronized (ZoneBook.this) {
                int z = zoneOf(offset);
                if (z < zones && offset + bytes >= capacityEnd(z)) {
                    close(z);
                }
            }
        }

        /** fio's {@code zbd_open_zone}: a job that verifies does not open a full zone (it would be reset). */
        private boolean openZone(int z, long minBytes) {
            if (verify && full(z, minBytes)) {
                return false;
            }
            if (maxOpenZones == 0) {
                return true; // no limit: fio does not track open zones
            }
            if (open[z]) {
                return wp[z] < capacityEnd(z); // to be filled by writes in flight: a full zone, not an open one
            }
            if (jobMaxOpenZones > 0 && Integer.compareUnsigned(ownOpen, jobMaxOpenZones) >= 0) {
                return false;
            }
            if (openCount >= maxOpenZones) {
                return false;
            }
            trace.line(name + ": opening zone " + z);
            openZones[openCount++] = z;
            ownOpen++;
            open[z] = true;
            return true;
        }

        private void close(int z) {
            if (!open[z]) {
                return;
            }
            int i = 0;
            while (i < openCount && openZones[i] != z) {
                i++;
            }
            if (i == openCount) {
                return;
            }
            trace.line(name + ": closing zone " + z);
            System.arraycopy(openZones, i + 1, openZones, i, openCount - i - 1);
            openCount--;
            ownOpen--;
            open[z] = false;
        }

        /** Closes every open zone whose pointer is at its capacity's end; true when it closed one. */
        private boolean closeFilled() {
            boolean closed = false;
            for (int i = openCount - 1; i >= 0; i--) {
                int oz = openZones[i];
                if (wp[oz] >= capacityEnd(oz)) {
                    close(oz);
                    closed = true;
                }
            }
            return closed;
        }

        /** fio's {@code pick_random_zone_idx}: an index into the open zones from the request's place. */
        private int pickOpen(long offset) {
            return (int) ((offset - regionStart) * openCount / regionLength);
        }

        private boolean inRegion(long offset) {
            return Long.compareUnsigned(offset - regionStart, regionLength) < 0;
        }

        /**
         * fio's {@code zbd_convert_to_open_zone} for one job whose requests wait for nothing: an open zone of the
         * job's region picked from the request's place, the next zone to open after a full one (wrapping in the
         * region), or any open zone with room; -1 when none.
         */
        private int convertToOpenZone(long offset, long minBytes) {
            int z = maxOpenZones > 0 || jobMaxOpenZones > 0 ? openZones[pickOpen(offset)] : zoneOf(offset);
            if (z < minZone) {
                z = minZone;
            } else if (z >= maxZone) {
                z = maxZone - 1;
            }
            boolean examine = true;
            while (true) {
                if (maxOpenZones == 0 && jobMaxOpenZones == 0) {
                    break;
                }
                if (openCount == 0) {
                    examine = false;
                    break;
                }
                int candidate = -1;
                int tmp = pickOpen(offset);
                for (int i = 0; i < openCount; i++) {
                    if (tmp >= openCount) {
                        tmp = 0;
                    }
                    int tz = openZones[tmp];
                    if (minZone <= tz && tz < maxZone) {
                        candidate = tmp;
                        break;
                    }
                    tmp++;
                }
                if (candidate < 0) {
                    return -1;
                }
                int next = openZones[candidate];
                if (next == z) {
                    break;
                }
                z = next;
            }
            if (examine && wp[z] + minBytes <= capacityEnd(z)) {
                return z;
            }
            for (long i = regionLength / zoneBytes; i > 0; i--) {
                z++;
                if (!inRegion(start(z))) {
                    z = minZone; // wrap around
                }
                if (open[z]) {
                    continue;
                }
                if (openZone(z, minBytes)) {
                    return z;
                }
            }
            for (int i = 0; i < openCount; i++) {
                int oz = openZones[i];
                if (oz >= minZone && oz < maxZone && wp[oz] + minBytes <= capacityEnd(oz)) {
                    return oz;
                }
            }
            return -1;
        }

        /** fio's {@code zbd_find_zone}: the next zone (random: the nearest, after then before) with data. */
        private int findZone(long minBytes, int from) {
            for (int z1 = from + 1, z2 = from - 1; z1 < maxZone || z2 >= minZone; z1++, z2--) {
                if (z1 < maxZone) {
                    if (start(z1) + minBytes <= wp[z1]) {
                        return z1;
                    }
                } else if (!random) {
                    break;
                }
                if (random && z2 >= minZone && start(z2) + minBytes <= wp[z2]) {
                    return z2;
                }
            }
            return -1;
        }

        private void resetWriteCount() {
            writeCount = resetFrequency > 0 ? (long) Math.min(1.0 / resetFrequency, 0xFFFF_FFFFL) : 0xFFFF_FFFFL;
        }

        private boolean decrementWriteCount() {
            long left = writeCount > 0 ? --writeCount : 0;
            if (left == 0) {
                resetWriteCount();
            }
            return left == 0;
        }
    }

    /**
     * fio's {@code zbd_reset_zone} on a target that is not zoned: the pointer back at the start, counted; false (and
     * nothing counted) where the zone holds no data.
     */
    private boolean reset(int z) {
        long data = wp[z] - start(z);
        if (data == 0) {
            return false;
        }
        trace.line(name + ": resetting wp of zone " + z + ".");
        withData -= data;
        wp[z] = start(z);
        resets.incrementAndGet();
        return true;
    }

    /**
     * A job's view of this book over its region (absolute offsets), its open-zone count starting at 0.
     *
     * @param random whether the job draws random offsets (fio's {@code td_random})
     */
    public Job job(EmulatedZones spec, long regionStart, long regionLength, boolean random) {
        return job(spec, regionStart, regionLength, random, false);
    }

    /**
     * {@link #job(EmulatedZones, long, long, boolean)} of a job that verifies ({@code verify=}) or not.
     */
    public Job job(EmulatedZones spec, long regionStart, long regionLength, boolean random, boolean verify) {
        return new Job(spec, regionStart, regionLength, random, verify);
    }
}
