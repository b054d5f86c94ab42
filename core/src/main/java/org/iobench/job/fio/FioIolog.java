package org.iobench.job.fio;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.iobench.job.InvalidJobException;
import org.iobench.job.JobSpec;
import org.iobench.job.Replay;

/**
 * fio's {@code read_iolog}: a log of requests in fio 3.33's iolog version 2 or 3 ({@code iolog.c}'s
 * {@code read_iolog}), read as fio reads it, with the replay options fio applies while reading. A version 2 line is
 * {@code FILE ACTION [OFFSET LENGTH]}, a version 3 line has the time in microseconds first
 * ({@code TIME FILE ACTION [OFFSET LENGTH]}); the actions are {@code add}, {@code open}, {@code close} for a file and
 * {@code read}, {@code write}, {@code trim}, {@code sync}, {@code datasync} (and version 2's {@code wait}) for a
 * request.
 *
 * <p>As fio: a version 3 line's delay is its time less the previous line's (0 while that one's is 0, or when time went
 * back), times 100 / {@code replay_time_scale}, none at all under {@code replay_no_stall}; a version 3 {@code wait} is
 * ignored (fio: "ignoring wait command with version 3"); offsets are divided by {@code replay_scale} and aligned down
 * to {@code replay_align}. Unlike fio, which logs a malformed line or an unknown action and goes on, iobench refuses
 * the log naming the line: a replay that silently drops requests is not the log's. fio 3.33 replays no trims from an
 * iolog (its {@code read_iolog} logs "bad ddir: 2" for each and goes on; later fio versions replay them): iobench
 * leaves them out too, with a warning.
 */
final class FioIolog {
    static final String VERSION_2 = "fio version 2 iolog";
    static final String VERSION_3 = "fio version 3 iolog";
    /** blktrace's magic in its first four bytes ({@code BLK_IO_TRACE_MAGIC}, the low byte its version). */
    private static final int BLKTRACE_MAGIC = 0x65617400;

    /** The options that shape a replay, as fio reads them. */
    record Options(boolean noStall, int timeScalePercent, long scale, long align, String redirect) {}

    /**
     * A log read: the replay, the file its requests go to as the log names it (or the redirect), every file it names,
     * its largest request, the end of its furthest request, and which directions it has.
     */
    record Read(Replay replay, String file, Set<String> files, long maxLength, long extentBytes, long reads,
                long writes) {
        /** The reads' share of the reads and writes, in whole percent (what a mixed job's header shows). */
        int readPercent() {
            return reads + writes == 0 ? 100 : (int) Math.round(100.0 * reads / (reads + writes));
        }
    }

    private FioIolog() {}

    /** The replay options of {@code o} (fio's defaults where not set); bad values are refused as fio refuses them. */
    static Options options(FioJobOptions o) {
        boolean noStall = o.flag("replay_no_stall");
        long timeScale = o.number("replay_time_scale", 100);
        if (timeScale < 1) {
            throw FioJobOptions.bad(o.setting("replay_time_scale").orElseThrow(), "must be at least 1 (fio's minval)");
        }
        long scale = o.number("replay_scale", 1);
        long align = o.setting("replay_align").map(s -> o.size(s, s.value())).orElse(0L);
        if (align != 0 && Long.bitCount(align) != 1) {
            throw FioJobOptions.bad(o.setting("replay_align").orElseThrow(), "must be a power of 2 (fio: pow2)");
        }
        o.setting("replay_skip").ifPresent(FioIolog::skipTypes);
        String redirect = o.value("replay_redirect").map(String::strip).filter(v -> !v.isEmpty()).orElse(null);
        return new Options(noStall, (int) timeScale, scale, align, redirect);
    }

    /** {@code replay_skip}: fio's words (read, write, trim, sync); anything else refused as fio refuses it. */
    private static void skipTypes(FioSetting s) {
        for (String t : s.value().strip().split(",", -1)) {
            if (!List.of("read", "write", "trim", "sync").contains(t)) {
                throw FioJobOptions.bad(s, "unknown skip type '" + t + "' (fio's: read, write, trim, sync)");
            }
        }
    }

    /** The log of clone {@code clone}: {@code read_iolog=a:b} gives clone 0 the first, 1 the second, and round. */
    static String nameFor(String value, int clone) {
        String[] names = value.split(":");
        return names[clone % names.length].strip();
    }

    /**
     * Reads the log {@code name} (one of {@code s}'s names).
     *
     * @throws InvalidJobException naming {@code s}, its value and the line, when the log cannot be
     *                                             read, is not a version 2 or 3 iolog, or has a line fio's format
     *                                             has not
     */
    static Read read(FioSetting s, String name, Options options, List<String> warnings) {
        Path log = Path.of(name);
        try {
            if (Files.isRegularFile(log) && blktrace(log)) {
                throw FioJobOptions.bad(s, name + " is a blktrace file: iobench replays fio's iologs (versions 2"
                        + " and 3) only");
            }
            try (BufferedReader in = Files.newBufferedReader(log, StandardCharsets.UTF_8)) {
                return parse(s, name, in, options, warnings);
            }
        } catch (NoSuchFileException e) {
            throw FioJobOptions.bad(s, "cannot read " + name + ": no such file");
        } catch (IOException | UncheckedIOException e) {
            throw FioJobOptions.bad(s, "cannot read " + name + ": " + e.getMessage());
        }
    }

    private static boolean blktrace(Path log) throws IOException {
        try (InputStream in = Files.newInputStream(log)) {
            byte[] b = in.readNBytes(4);
            if (b.length < 4) {
                return false;
            }
            int little = (b[0] & 0xff) | (b[1] & 0xff) << 8 | (b[2] & 0xff) << 16 | (b[3] & 0xff) << 24;
            int big = Integer.reverseBytes(little);
            return (little & 0xffffff00) == BLKTRACE_MAGIC || (big & 0xffffff00) == BLKTRACE_MAGIC;
        }
    }

    /** Reads the log's lines from {@code in} (its first line the version). */
    static Read parse(FioSetting s, String name, BufferedReader in, Options options, List<String> warnings)
            throws IOException {
        String first = in.readLine();
        if (first == null) {
            throw FioJobOptions.bad(s, name + " is empty, not a fio iolog");
        }
        int version = first.startsWith(VERSION_2) ? 2 : first.startsWith(VERSION_3) ? 3 : 0;
        if (version == 0) {
            throw FioJobOptions.bad(s, name + " is not a fio iolog of version 2 or 3: its first line is '"
                    + shorten(first) + "', not '" + VERSION_2 + "' or '" + VERSION_3 + "'");
        }
        Builder b = new Builder();
        Set<String> files = new LinkedHashSet<>();
        long lastTime = 0;
        long pendingDelay = 0; // delays of file lines, carried to the next request
        int number = 1;
        long reads = 0;
        long writes = 0;
        boolean waits = false;
        long skippedTrims = 0;
        long maxLength = 0;
        long extent = 0;
        String line;
        while ((line = in.readLine()) != null) {
            number++;
            if (line.isBlank() || line.startsWith(VERSION_2) || line.startsWith(VERSION_3)) {
                // a later run's or another job's version line: write_iolog appends, each job writing its own, and
                // fio's replay passes over it (as a bad line) to the requests after it
                continue;
            }
            String[] t = line.strip().split("\\s+");
            int at = version == 3 ? 1 : 0;
            int fields = t.length - at;
            if (fields != 2 && fields != 4) {
                throw badLine(s, name, number, line, version);
            }
            long delay = 0;
            if (version == 3) {
                long time = number(s, name, number, line, t[0], version);
                // fio's delay_since_ttime: none while the last time is 0, or when time goes back
                if (lastTime != 0 && !options.noStall() && time >= lastTime) {
                    delay = options.timeScalePercent() == 100 ? time - lastTime
                            : (long) ((time - lastTime) * (100.0 / options.timeScalePercent()));
                }
                lastTime = time;
            }
            String file = t[at];
            String action = t[at + 1];
            if (fields == 2) {
                if (!List.of("add", "open", "close").contains(action)) {
                    throw FioJobOptions.bad(s, name + " line " + number + ": '" + shorten(line) + "': '" + action
                            + "' is not a file action of fio's iolog (add, open, close)");
                }
                files.add(file);
                pendingDelay += delay;
                continue;
            }
            Replay.Op op = switch (action) {
                case "read" -> Replay.Op.READ;
                case "write" -> Replay.Op.WRITE;
                case "trim" -> null; // fio 3.33's read_iolog drops trims: "bad ddir: 2", the delay with it
                case "sync" -> Replay.Op.SYNC;
                case "datasync" -> Replay.Op.DATASYNC;
                case "wait" -> Replay.Op.WAIT;
                default -> throw FioJobOptions.bad(s, name + " line " + number + ": '" + shorten(line) + "': '"
                        + action + "' is not a request of fio's iolog (read, write, trim, sync, datasync"
                        + (version == 2 ? ", wait" : "") + ")");
            };
            long offset = number(s, name, number, line, t[at + 2], version);
            long length = number(s, name, number, line, t[at + 3], version);
            if (op == null) {
                skippedTrims++;
                continue;
            }
            if (op == Replay.Op.WAIT) {
                if (version == 3) { // fio: "iolog: ignoring wait command with version 3"
                    String note = s.where() + ": " + s.key() + "=" + s.value() + ": " + name
                            + ": wait lines of a version 3 log are ignored, as fio ignores them";
                    if (!warnings.contains(note)) {
                        warnings.add(note);
                    }
                    continue;
                }
                if (options.noStall()) {
                    continue;
                }
                waits = true;
                b.add(op, offset, 0, 0);
                continue;
            }
            if (length > 0xFFFF_FFFFL) { // fio reads the length as an unsigned int
                throw FioJobOptions.bad(s, name + " line " + number + ": '" + shorten(line) + "': the length "
                        + length + " is more than fio's iolog holds (4294967295)");
            }
            if (op != Replay.Op.SYNC && op != Replay.Op.DATASYNC && length > JobSpec.MAX_BLOCK_SIZE) {
                throw FioJobOptions.bad(s, name + " line " + number + ": '" + shorten(line) + "': a request of "
                        + length + " bytes is more than iobench's largest (1GiB)");
            }
            if ((op == Replay.Op.READ || op == Replay.Op.WRITE) && length == 0) {
                throw FioJobOptions.bad(s, name + " line " + number + ": '" + shorten(line) + "': a " + action
                        + " of 0 bytes moves nothing");
            }
            if (options.scale() != 0) {
                offset /= options.scale();
            }
            if (options.align() != 0) {
                offset &= ~(options.align() - 1);
            }
            files.add(file);
            reads += op == Replay.Op.READ ? 1 : 0;
            writes += op == Replay.Op.WRITE ? 1 : 0;
            if (op == Replay.Op.READ || op == Replay.Op.WRITE) {
                maxLength = Math.max(maxLength, length);
                extent = Math.max(extent, offset + length);
            }
            b.add(op, offset, length, delay + pendingDelay);
            pendingDelay = 0;
        }
        if (skippedTrims > 0) {
            warnings.add(s.where() + ": " + s.key() + "=" + s.value() + ": " + name + ": its " + skippedTrims
                    + " trim" + (skippedTrims == 1 ? " is" : "s are") + " not replayed, as fio 3.33 replays none"
                    + " (it logs \"bad ddir: 2\" for each)");
        }
        if (reads == 0 && writes == 0 && !waits) {
            throw FioJobOptions.bad(s, name + " has no reads, writes or waits (fio 3.33 refuses such a log too:"
                    + " \"failed initializing iolog\")");
        }
        String target = options.redirect() != null ? options.redirect() : files.iterator().next();
        Replay replay = new Replay(Path.of(name), version, b.size, b.bytes, !options.noStall(),
                options.timeScalePercent(), options.redirect() == null ? null : Path.of(options.redirect()),
                b.requests());
        return new Read(replay, target, files, maxLength, extent, reads, writes);
    }

    private static long number(FioSetting s, String name, int line, String text, String token, int version) {
        if (!token.chars().allMatch(Character::isDigit)) {
            throw badLine(s, name, line, text, version);
        }
        try {
            return Long.parseLong(token);
        } catch (NumberFormatException e) {
            throw FioJobOptions.bad(s, name + " line " + line + ": '" + shorten(text) + "': " + token
                    + " is too large");
        }
    }

    private static InvalidJobException badLine(FioSetting s, String name, int line, String text,
                                                              int version) {
        return FioJobOptions.bad(s, name + " line " + line + ": '" + shorten(text) + "' is not a line of fio's iolog"
                + " version " + version + " (" + (version == 3 ? "TIME " : "") + "FILE ACTION, or "
                + (version == 3 ? "TIME " : "") + "FILE ACTION OFFSET LENGTH)");
    }

    private static String shorten(String line) {
        return line.length() <= 80 ? line : line.substring(0, 77) + "...";
    }

    /** The requests as they are read, in arrays that grow. */
    private static final class Builder {
        private Replay.Op[] ops = new Replay.Op[256];
        private long[] offsets = new long[256];
        private long[] lengths = new long[256];
        private long[] delays = new long[256];
        private int size;
        private long bytes;

        void add(Replay.Op op, long offset, long length, long delayMicros) {
            if (size == ops.length) {
                int n = size * 2;
                ops = Arrays.copyOf(ops, n);
                offsets = Arrays.copyOf(offsets, n);
                lengths = Arrays.copyOf(lengths, n);
                delays = Arrays.copyOf(delays, n);
            }
            ops[size] = op;
            offsets[size] = offset;
            lengths[size] = length;
            delays[size] = delayMicros;
            size++;
            if (op == Replay.Op.READ || op == Replay.Op.WRITE) {
                bytes += length;
            }
        }

        Replay.Requests requests() {
            return new Replay.Requests(Arrays.copyOf(ops, size), Arrays.copyOf(offsets, size),
                    Arrays.copyOf(lengths, size), Arrays.copyOf(delays, size));
        }
    }
}
