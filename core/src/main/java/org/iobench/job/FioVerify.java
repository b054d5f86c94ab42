package org.iobench.job;

import java.util.HexFormat;
import java.util.List;
import java.util.Objects;

/**
 * A fio job's verification, as fio 3.33 does it (docs/fio.md, "Verification"): every write carries fio's headers
 * ({@code struct verify_header} and the checksum) every {@code interval} bytes over data made from the header's
 * random seed (or {@code verify_pattern}); reads check them. So a file fio wrote verifies under iobench and the
 * other way round.
 *
 * @param type          {@code verify=}
 * @param afterWrites   {@code do_verify}: read back what the job wrote once its writes are done (the verify phase)
 * @param interval      {@code verify_interval} as fio settles it: bytes per header; 0 = each request's length
 * @param headerOffset  {@code verify_offset}: the header is swapped with the bytes this far into the interval
 * @param patternHex    {@code verify_pattern}'s bytes, hex; empty without one
 * @param offsetsAt     where in the pattern fio pastes the request's offset (each {@code %o}: 8 bytes, little-endian,
 *                      cut at the pattern's end), as each request is written and checked
 * @param backlog       {@code verify_backlog}: verify after this many writes were logged; 0 = only after the writes
 * @param backlogBatch  {@code verify_backlog_batch}: blocks verified each time; 0 = {@code backlog}
 * @param fatal         {@code verify_fatal}: stop checking a request's further headers at its first bad one
 * @param dump          {@code verify_dump}: write the received and expected bytes of a bad block to files
 * @param experimental  {@code experimental_verify}: the same blocks verified, without keeping fio's write log
 * @param only          {@code verify_only}: issue no writes, only verify what the writes would have left
 * @param seedStart     where fio starts its verify generator ({@code rand_seeds[FIO_RAND_VER_OFF]})
 * @param wideSeeds     the generator is the 64-bit one ({@code random_generator=tausworthe64})
 * @param threadNumber  fio's {@code thread_number} of the job (the header's {@code thread})
 * @param jobName       fio's name of the job (its clones share it), for the verify state file
 * @param stateSave     {@code verify_state_save}: a writing job leaves fio's {@code local-NAME-N-verify.state}
 * @param stateLoad     {@code verify_state_load}: verification stops where that file says the writes stopped
 * @param auxDirectory  where the state file and {@code verify_dump}'s files go (fio's {@code --aux-path}); empty:
 *                      the working directory
 * @param loops         fio's {@code loops}: {@code keep_running} runs that many loops (each followed by its verify
 *                      phase) before it counts bytes
 * @param ioSize        fio's {@code io_size}, 0 when not given: after its loops fio's {@code keep_running} goes on
 *                      while the job's bytes, the verify phases' reads among them, are fewer
 */
public record FioVerify(FioVerifyType type, boolean afterWrites, long interval, long headerOffset, String patternHex,
                        List<Integer> offsetsAt, long backlog, long backlogBatch, boolean fatal, boolean dump,
                        boolean experimental, boolean only, long seedStart, boolean wideSeeds, int threadNumber,
                        String jobName,
                        boolean stateSave, boolean stateLoad, String auxDirectory, long loops, long ioSize) {
    public FioVerify {
        Objects.requireNonNull(type, "type");
        patternHex = patternHex == null ? "" : patternHex;
        offsetsAt = offsetsAt == null ? List.of() : List.copyOf(offsetsAt);
        jobName = jobName == null ? "" : jobName;
        auxDirectory = auxDirectory == null ? "" : auxDirectory;
        loops = Math.max(1, loops);
    }

    /** The same verify for fio's clone {@code threadNumber}, its generator started at {@code seedStart}. */
    public FioVerify forThread(int threadNumber, long seedStart) {
        return new FioVerify(type, afterWrites, interval, headerOffset, patternHex, offsetsAt, backlog, backlogBatch, fatal, dump,
                experimental, only, seedStart, wideSeeds, threadNumber, jobName, stateSave, stateLoad, auxDirectory, loops, ioSize);
    }

    /** The same verify with its state and dump files in {@code directory} (fio's {@code --aux-path}). */
    public FioVerify inAuxDirectory(String directory) {
        return new FioVerify(type, afterWrites, interval, headerOffset, patternHex, offsetsAt, backlog, backlogBatch, fatal, dump,
                experimental, only, seedStart, wideSeeds, threadNumber, jobName, stateSave, stateLoad, directory, loops, ioSize);
    }

    /** {@code name} in {@link #auxDirectory} (as given when there is none): where fio puts its state files. */
    public java.nio.file.Path auxFile(String name) {
        return auxDirectory.isEmpty() ? java.nio.file.Path.of(name) : java.nio.file.Path.of(auxDirectory, name);
    }

    /** {@code verify_pattern}'s bytes (empty: none). */
    public byte[] pattern() {
        return HexFormat.of().parseHex(patternHex);
    }

    public boolean hasPattern() {
        return !patternHex.isEmpty();
    }
}
