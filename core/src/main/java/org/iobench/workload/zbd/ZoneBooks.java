package org.iobench.workload.zbd;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.iobench.job.EmulatedZones;
import org.iobench.job.InvalidJobException;

/**
 * The emulated zones of every file of one run of a job file, by path: the first job on a file makes its
 * {@link ZoneBook}, every later one (its clones, the next stages) writes and reads the same write pointers, as fio's
 * jobs share the {@code zbd_info} of a file name. Thread-safe.
 */
public final class ZoneBooks {
    private final Map<Path, ZoneBook> books = new HashMap<>();
    private ZoneTrace trace = ZoneTrace.NONE;

    /** Tells {@code trace} the zone events of every book made from now on ({@code iobench fio --debug=zbd}). */
    public synchronized void trace(ZoneTrace trace) {
        this.trace = trace;
    }

    /** {@link #of(Path, String, EmulatedZones, long)} of a regular file. */
    public ZoneBook of(Path file, EmulatedZones spec, long fileBytes) {
        return of(file, null, spec, fileBytes);
    }

    /**
     * The book of {@code file}, made for {@code fileBytes} bytes when it has none yet.
     *
     * @param model the zoned model the kernel reports for a block device ({@code /sys/block/DEV/queue/zoned}), null
     *              for a regular file or a device whose kernel says nothing
     *
     * @throws InvalidJobException where fio refuses the job: a file smaller than a zone, another zone size or
     *                             another open-zone limit than the book's
     */
    public synchronized ZoneBook of(Path file, String model, EmulatedZones spec, long fileBytes) {
        Path key = file.toAbsolutePath().normalize();
        ZoneBook book = books.get(key);
        if (book == null) {
            if (fileBytes < spec.zoneBytes()) {
                throw new InvalidJobException("zonesize", spec.zoneBytes(), "is larger than " + file + " ("
                        + fileBytes + " bytes; fio: \"file/device size is smaller than zone size\")");
            }
            if (model != null) { // fio's blkzoned_get_zoned_model
                trace.line(file + ": zbd model string: " + model);
            }
            book = new ZoneBook(spec, fileBytes, file.toString(), trace);
            trace.line(file + ": using max open zones limit: " + spec.maxOpenZones()); // zbd_set_max_open_zones
            books.put(key, book);
            return book;
        }
        if (book.zoneBytes() != spec.zoneBytes()) {
            throw new InvalidJobException("zonesize", spec.zoneBytes(), "does not match the zone size "
                    + book.zoneBytes() + " an earlier job gave " + file + " (fio refuses it too)");
        }
        if (spec.maxOpenZones() > 0 && book.maxOpenZones() != spec.maxOpenZones()) {
            throw new InvalidJobException("max_open_zones", spec.maxOpenZones(), "differs from the limit "
                    + book.maxOpenZones() + " an earlier job gave " + file + " (fio: \"Different 'max_open_zones'"
                    + " values\")");
        }
        return book;
    }
}
