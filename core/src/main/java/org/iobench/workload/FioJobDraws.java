package org.iobench.workload;

import org.iobench.job.Access;
import org.iobench.job.FioDraws;
import org.iobench.job.JobSpec;
import org.iobench.job.RandomOffsets;
import org.iobench.workload.offsets.FioTausworthe;
import org.iobench.workload.offsets.RequestSizes;

/**
 * The generators fio 3.33 keeps per job ({@code thread_data}), not per file: the direction of a mixed job's requests
 * ({@code rwmix_state}, with the requests issued per direction and {@code rwmix_issues}), the size of each request
 * ({@code bsrange_state[ddir]}) and a uniformly random job's blocks ({@code random_state}, which
 * {@code __get_next_rand_offset} draws from for whichever file the request is on). A job over several files shares
 * one of these between its files' sources, so that their requests take fio's values in fio's order; what fio keeps
 * per file stays in each file's source (the random map, the LFSR, the sequential positions, the zipf, pareto and
 * normal states). A job of one file makes its own.
 *
 * <p>Not thread-safe: one per worker.
 */
final class FioJobDraws {
    final Directions directions;
    /** Per direction (0 read, 1 write or trim); an entry is replaced when fio starts its generator again. */
    final RequestSizes[] sizes;
    /** fio's {@code random_state}, or null where the job's blocks are not drawn from it (LFSR, not random). */
    final FioTausworthe random;
    private final long randomStart;
    private final boolean repeatEachLoop;

    private FioJobDraws(Directions directions, RequestSizes[] sizes, FioTausworthe random, long randomStart,
                        boolean repeatEachLoop) {
        this.directions = directions;
        this.sizes = sizes;
        this.random = random;
        this.randomStart = randomStart;
        this.repeatEachLoop = repeatEachLoop;
    }

    /**
     * The job's generators started as fio's {@code td_fill_rand_seeds} starts them.
     *
     * @param wideBlocks a file of the job has more blocks than the 32-bit generator reaches (fio switches the job to
     *                   its 64-bit one)
     */
    static FioJobDraws of(JobSpec spec, boolean wideBlocks) {
        Access a = spec.access();
        FioDraws draws = a.draws();
        long unit = spec.workload().blockSize();
        RequestSizes[] sizes = {RequestSizes.fio(a.sizes(false, unit), draws.readSizesStart(), draws.wideSizes()),
                RequestSizes.fio(a.sizes(true, unit), draws.writeSizesStart(), draws.wideSizes())};
        Directions directions = Directions.fio(spec.workload().mixReadPercent(), draws.mixStart(),
                draws.repeatEachLoop());
        RandomOffsets offsets = a.offsets();
        FioTausworthe random = switch (offsets.kind()) {
            case TAUSWORTHE -> wideBlocks ? FioTausworthe.of64(offsets.start()) : FioTausworthe.of32(offsets.start());
            case TAUSWORTHE64 -> FioTausworthe.of64(offsets.start());
            default -> null;
        };
        return new FioJobDraws(directions, sizes, random, offsets.start(), draws.repeatEachLoop());
    }

    /**
     * fio's new loop ({@code clear_io_state}): {@code rwmix_issues} from 0, and with {@code randrepeat} every
     * generator from its start again ({@code td_fill_rand_seeds}). At loop boundaries only (it allocates).
     */
    void newLoop() {
        directions.newLoop();
        if (repeatEachLoop) {
            sizes[0] = sizes[0].restarted();
            sizes[1] = sizes[1].restarted();
            if (random != null) {
                random.copyFrom(random.wide() ? FioTausworthe.of64(randomStart) : FioTausworthe.of32(randomStart));
            }
        }
    }
}
