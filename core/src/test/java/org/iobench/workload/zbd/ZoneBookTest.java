package org.iobench.workload.zbd;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.iobench.job.EmulatedZones;
import org.iobench.job.InvalidJobException;
import org.junit.jupiter.api.Test;

/** fio 3.33's emulated zones ({@code zbd.c} on a file that is not zoned), one rule at a time. */
class ZoneBookTest {
    private static final long K = 1024;
    private static final long ZONE = 64 * K;

    private static EmulatedZones zones(int maxOpen) {
        return new EmulatedZones(ZONE, ZONE, maxOpen, 0, false, 0, 0);
    }

    @Test
    void aWriteGoesToItsZonesWritePointerWhereverItWasDrawn() {
        ZoneBook book = new ZoneBook(zones(0), 4 * ZONE);
        ZoneBook.Job job = book.job(zones(0), 0, 4 * ZONE, true);
        assertThat(job.placeWrite(ZONE + 40 * K, 4 * K, 4 * K)).isEqualTo(ZONE);
        assertThat(job.placeWrite(ZONE + 8 * K, 4 * K, 4 * K)).isEqualTo(ZONE + 4 * K);
        assertThat(book.writePointer(1)).isEqualTo(ZONE + 8 * K);
        assertThat(book.writePointer(0)).isZero();
    }

    @Test
    void aFullZoneIsResetBeforeItsNextWriteAndTheResetCounts() {
        ZoneBook book = new ZoneBook(zones(0), 2 * ZONE);
        ZoneBook.Job job = book.job(zones(0), 0, 2 * ZONE, false);
        for (int i = 0; i < 16; i++) {
            assertThat(job.placeWrite(i * 4 * K, 4 * K, 4 * K)).isEqualTo(i * 4 * K);
        }
        assertThat(book.resets()).isZero();
        assertThat(job.placeWrite(12 * K, 4 * K, 4 * K)).isZero(); // zone 0 full: back to its start
        assertThat(book.resets()).isEqualTo(1);
    }

    @Test
    void eachJobCountsTheResetsItMadeAsFiosNrZoneResetsOfItsThread() {
        ZoneBook book = new ZoneBook(zones(0), 2 * ZONE);
        ZoneBook.Job first = book.job(zones(0), 0, 2 * ZONE, false);
        ZoneBook.Job second = book.job(zones(0), 0, 2 * ZONE, false);
        first.placeWrite(0, ZONE, 4 * K); // zone 0 full
        second.placeWrite(0, 4 * K, 4 * K); // the second job resets it
        second.placeWrite(ZONE, 4 * K, 4 * K); // zone 1 was empty: nothing to reset
        assertThat(first.resets()).isZero();
        assertThat(second.resets()).isEqualTo(1);
        assertThat(book.resets()).isEqualTo(1);
    }

    @Test
    void aVerifyingJobReopensNoFullZoneAndResetsItsZonesAtEachLoop() {
        ZoneBook book = new ZoneBook(zones(0), 4 * ZONE);
        ZoneBook.Job other = book.job(zones(0), 0, 4 * ZONE, false);
        other.placeWrite(3 * ZONE, 4 * K, 4 * K); // zone 3, outside the verifying job's region, holds data
        ZoneBook.Job job = book.job(zones(0), 0, 2 * ZONE, true, true);
        job.newLoop();
        assertThat(job.resets()).isZero(); // its zones were empty
        assertThat(job.placeWrite(0, ZONE, 4 * K)).isZero(); // zone 0 full
        // fio's zbd_open_zone: a full zone is not opened again (its reset would lose what verify reads back)
        assertThat(job.placeWrite(8 * K, 4 * K, 4 * K)).isEqualTo(ZONE);
        assertThat(job.resets()).isZero();
        assertThat(job.placeWrite(ZONE + 4 * K, ZONE - 4 * K, 4 * K)).isEqualTo(ZONE + 4 * K); // zone 1 full
        assertThat(job.placeWrite(0, 4 * K, 4 * K)).as("every zone of the region full: the job ends").isEqualTo(-1);
        job.newLoop(); // fio's zbd_file_reset at the next loop: zbd_reset_zones over the job's region
        assertThat(job.resets()).isEqualTo(2);
        assertThat(book.writePointer(0)).isZero();
        assertThat(book.writePointer(3)).isEqualTo(3 * ZONE + 4 * K); // outside the region: kept
        assertThat(job.placeWrite(0, 4 * K, 4 * K)).isZero();
    }

    @Test
    void aTrimResetsItsZoneAndARandomOneOfAnEmptyZoneGoesToTheNearestWithData() {
        ZoneBook book = new ZoneBook(zones(0), 4 * ZONE);
        ZoneBook.Job writer = book.job(zones(0), 0, 4 * ZONE, false);
        writer.placeWrite(ZONE, 8 * K, 4 * K);
        writer.placeWrite(3 * ZONE, 4 * K, 4 * K);
        ZoneBook.Job trims = book.job(zones(0), 0, 4 * ZONE, true);
        assertThat(trims.placeTrim(2 * ZONE, ZONE, true)).isEqualTo(3 * ZONE); // zone 2 empty: the one after it first
        assertThat(trims.length()).isEqualTo(ZONE);
        assertThat(book.writePointer(3)).isEqualTo(3 * ZONE);
        assertThat(trims.placeTrim(2 * ZONE, ZONE, true)).isEqualTo(ZONE); // then the one before
        assertThat(trims.resets()).isEqualTo(2);
        assertThat(trims.placeTrim(0, ZONE, true)).as("no zone holds data: the job ends").isEqualTo(-1);
        ZoneBook.Job sequential = book.job(zones(0), 0, 4 * ZONE, false);
        assertThat(sequential.placeTrim(0, ZONE, true)).isZero(); // a sequential trim stays, empty or not
        assertThat(sequential.resets()).isZero(); // an empty zone's reset counts nothing
    }

    @Test
    void theZoneEventsAreFiosDebugLinesAsTheyHappen() {
        List<String> lines = new ArrayList<>();
        ZoneBook book = new ZoneBooksFor(lines).book();
        ZoneBook.Job writer = book.job(zones(1), 0, 2 * ZONE, false);
        writer.newLoop();
        writer.placeWrite(0, ZONE, 4 * K);
        writer.completed(true, 0, ZONE); // the zone's capacity reached: closed
        writer.placeWrite(0, 4 * K, 4 * K); // full: opened again, then reset
        ZoneBook.Job verifying = book.job(zones(1), 0, 2 * ZONE, false, true);
        verifying.newLoop();
        ZoneBook.Job trims = book.job(zones(1), 0, 2 * ZONE, true);
        writer.placeWrite(ZONE, 4 * K, 4 * K);
        trims.placeTrim(0, ZONE, true);
        assertThat(lines).containsExactly("z: using max open zones limit: 1", "zbd_file_reset(z): swd = 0",
                "z: opening zone 0", "z: closing zone 0", "z: opening zone 0", "z: resetting wp of zone 0.",
                "zbd_file_reset(z): swd = 4096", "z: examining zones 0 .. 2", "z: closing zone 0",
                "z: resetting zone 0", "z: resetting wp of zone 0.", "z: opening zone 1",
                "z: found new zone(65536) for trim", "z: resetting wp of zone 1.");
    }

    /** A book made as a run makes it, its events in {@code lines}. */
    private record ZoneBooksFor(List<String> lines) {
        ZoneBook book() {
            ZoneBooks books = new ZoneBooks();
            books.trace(lines::add);
            return books.of(Path.of("z"), null, zones(1), 2 * ZONE);
        }
    }

    @Test
    void aWriteCutAfterItWasPlacedMovesThePointerOnlyPastWhatIsIssued() {
        ZoneBook book = new ZoneBook(zones(0), 2 * ZONE);
        ZoneBook.Job job = book.job(zones(0), 0, 2 * ZONE, true);
        assertThat(job.placeWrite(ZONE, 16 * K, 4 * K)).isEqualTo(ZONE);
        job.shorten(4 * K); // fio's random map cut it: zbd_queue_io moves the pointer past 4k, not 16k
        assertThat(job.length()).isEqualTo(4 * K);
        assertThat(book.writePointer(1)).isEqualTo(ZONE + 4 * K);
        assertThat(job.placeWrite(ZONE, 8 * K, 4 * K)).isEqualTo(ZONE + 4 * K);
    }

    @Test
    void readsStayBelowTheWritePointersAndEndWhereNothingIsWritten() {
        ZoneBook book = new ZoneBook(zones(0), 4 * ZONE);
        ZoneBook.Job writer = book.job(zones(0), 0, 4 * ZONE, false);
        writer.placeWrite(0, 16 * K, 4 * K);
        writer.placeWrite(2 * ZONE, 8 * K, 4 * K);
        ZoneBook.Job reader = book.job(zones(0), 0, 4 * ZONE, false);
        assertThat(reader.placeRead(0, 32 * K, 4 * K)).isZero();
        assertThat(reader.length()).isEqualTo(16 * K); // cut at the write pointer
        assertThat(reader.placeRead(16 * K, 4 * K, 4 * K)).isEqualTo(2 * ZONE); // the next zone with data
        assertThat(reader.placeRead(2 * ZONE + 8 * K, 4 * K, 4 * K)).isEqualTo(-1); // none after it: the end
        ZoneBook.Job random = book.job(zones(0), 0, 4 * ZONE, true);
        // the nearest zone with data, the one after first, the place in the zone kept modulo its written part
        assertThat(random.placeRead(ZONE + 4 * K, 4 * K, 4 * K)).isEqualTo(2 * ZONE);
        assertThat(random.placeRead(3 * ZONE + 20 * K, 4 * K, 4 * K)).isEqualTo(2 * ZONE);
        assertThat(random.placeRead(20 * K, 4 * K, 4 * K)).isEqualTo(8 * K);
    }

    @Test
    void readBeyondTheWritePointerReadsWhereItWasDrawn() {
        EmulatedZones beyond = new EmulatedZones(ZONE, ZONE, 0, 0, true, 0, 0);
        ZoneBook.Job job = new ZoneBook(beyond, 4 * ZONE).job(beyond, 0, 4 * ZONE, true);
        assertThat(job.readsNothingYet()).isFalse();
        assertThat(job.placeRead(3 * ZONE + 4 * K, 8 * K, 4 * K)).isEqualTo(3 * ZONE + 4 * K);
        assertThat(job.length()).isEqualTo(8 * K);
    }

    @Test
    void beyondTheOpenZoneLimitWritesGoToAnOpenZoneAndAFilledZoneClosesOnCompletion() {
        ZoneBook book = new ZoneBook(zones(2), 4 * ZONE);
        ZoneBook.Job job = book.job(zones(2), 0, 4 * ZONE, true);
        assertThat(job.placeWrite(0, 32 * K, 4 * K)).isZero(); // opens zone 0
        assertThat(job.placeWrite(ZONE, 4 * K, 4 * K)).isEqualTo(ZONE); // opens zone 1
        long third = job.placeWrite(3 * ZONE, 4 * K, 4 * K); // zone 3 cannot open: an open zone instead
        assertThat(third).isIn(32 * K, ZONE + 4 * K);
        assertThat(job.placeWrite(32 * K, 32 * K, 4 * K)).isIn(32 * K, 36 * K, ZONE + 8 * K);
        ZoneBook other = new ZoneBook(zones(1), 3 * ZONE);
        ZoneBook.Job one = other.job(zones(1), 0, 3 * ZONE, false);
        assertThat(one.placeWrite(0, 4 * K, 4 * K)).isZero(); // zone 0 opens
        assertThat(one.placeWrite(ZONE, 4 * K, 4 * K)).isEqualTo(4 * K); // zone 1 cannot: the open zone 0
        one.completed(true, 0, 4 * K);
        assertThat(one.placeWrite(2 * ZONE, ZONE - 8 * K, 4 * K)).isEqualTo(8 * K); // fills zone 0
        one.completed(true, 8 * K, ZONE - 8 * K); // which closes on completion
        assertThat(one.placeWrite(2 * ZONE, 4 * K, 4 * K)).isEqualTo(2 * ZONE); // zone 2 opens now
        assertThat(one.placeWrite(0, 4 * K, 4 * K)).isEqualTo(2 * ZONE + 4 * K);
    }

    @Test
    void theJobsOfAFileShareItsBookAndAnotherZoneSizeIsRefused() {
        ZoneBooks books = new ZoneBooks();
        Path f = Path.of("/tmp/zbd-book");
        ZoneBook book = books.of(f, zones(0), 4 * ZONE);
        assertThat(books.of(Path.of("/tmp/../tmp/zbd-book"), zones(0), 4 * ZONE)).isSameAs(book);
        assertThatThrownBy(() -> books.of(f, new EmulatedZones(2 * ZONE, 2 * ZONE, 0, 0, false, 0, 0), 4 * ZONE))
                .isInstanceOf(InvalidJobException.class).hasMessageContaining("zonesize");
        assertThatThrownBy(() -> books.of(f, zones(3), 4 * ZONE)).isInstanceOf(InvalidJobException.class)
                .hasMessageContaining("max_open_zones");
        assertThatThrownBy(() -> books.of(Path.of("/tmp/zbd-small"), zones(0), ZONE - 1))
                .isInstanceOf(InvalidJobException.class).hasMessageContaining("smaller than zone size");
    }
}
