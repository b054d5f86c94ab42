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

    /**
     * The book of {@code file}, made for {@code fileBytes} bytes when it has none yet.
     *
     * @throws InvalidJobException where fio refuses the job: a file smaller than a zone, another zone size or
     *                             another open-zone limit than the book's
     */
    public synchronized ZoneBook of(Path file, EmulatedZones spec, long fileBytes) {
        Path key = file.toAbsolutePath().normalize();
        ZoneBook book = books.get(key);
        if (book == null) {
            if (fileBytes < spec.zoneBytes()) {
                throw new InvalidJobException("zonesize", spec.zoneBytes(), "is larger than " + file + " ("
                        + fileBytes + " bytes; fio: \"file/device size is smaller than zone size\")");
            }
            book = new ZoneBook(spec, fileBytes);
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
