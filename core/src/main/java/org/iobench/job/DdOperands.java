package org.iobench.job;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * A dd command line, parsed with GNU dd's rules and defaults: {@code ibs} and {@code obs} 512 unless given,
 * {@code bs=} sets both and turns off re-blocking, the last of repeated operands wins, flags accumulate.
 *
 * @param input     {@code if=}; required (iobench does not read standard input)
 * @param output    {@code of=}; required (iobench does not write standard output)
 * @param ibs       bytes per read
 * @param obs       bytes per write
 * @param bsGiven   {@code bs=} was given: every read is written as it came (no re-blocking)
 * @param count     {@code count=}, in input blocks or bytes (see {@link #countBytes}); -1 for none
 * @param skip      {@code skip=}, in input blocks or bytes
 * @param seek      {@code seek=}, in output blocks or bytes
 * @param iflags    {@code iflag=} values
 * @param oflags    {@code oflag=} values
 * @param conv      {@code conv=} values
 * @param status    {@code status=}: {@code default}, {@code none}, {@code noxfer} or {@code progress}
 */
public record DdOperands(String input, String output, long ibs, long obs, boolean bsGiven, long count,
                         boolean countInBytes, long skip, boolean skipInBytes, long seek, boolean seekInBytes,
                         Set<String> iflags, Set<String> oflags, Set<String> conv, String status) {

    public static final String DEV_ZERO = "/dev/zero";
    public static final String DEV_NULL = "/dev/null";
    public static final long DEFAULT_BLOCK = 512;

    /** Flags GNU dd knows that iobench refuses, so the message can say "not supported" rather than "invalid". */
    private static final Set<String> GNU_FLAGS = Set.of("append", "directory", "noatime", "nocache", "noctty",
            "nofollow", "nolinks", "nonblock", "binary", "text", "cio");
    private static final Set<String> IFLAGS = Set.of("direct", "dsync", "sync", "fullblock", "count_bytes",
            "skip_bytes");
    private static final Set<String> OFLAGS = Set.of("direct", "dsync", "sync", "seek_bytes");
    private static final Set<String> CONV = Set.of("notrunc", "fdatasync", "fsync");
    private static final Set<String> GNU_CONV = Set.of("ascii", "ebcdic", "ibm", "block", "unblock", "lcase",
            "ucase", "sparse", "swab", "sync", "excl", "nocreat", "noerror");
    private static final Set<String> STATUS = Set.of("default", "none", "noxfer", "progress");

    public DdOperands {
        iflags = Set.copyOf(iflags);
        oflags = Set.copyOf(oflags);
        conv = Set.copyOf(conv);
    }

    /** Parses {@code operands} ({@code if=/dev/zero}, {@code bs=1M}, ...); errors name the operand. */
    public static DdOperands parse(List<String> operands) {
        String in = null, out = null, status = "default";
        Long bs = null, ibs = null, obs = null;
        DdNumbers.Value count = null, skip = null, seek = null;
        Set<String> iflags = new LinkedHashSet<>(), oflags = new LinkedHashSet<>(), conv = new LinkedHashSet<>();
        for (String op : operands) {
            int eq = op.indexOf('=');
            if (eq <= 0) {
                throw new InvalidJobException("dd: unrecognized operand '" + op + "' (operands look like"
                        + " if=FILE, of=FILE, bs=1M, count=N)");
            }
            String key = op.substring(0, eq);
            String value = op.substring(eq + 1);
            switch (key) {
                case "if" -> in = path(key, value);
                case "of" -> out = path(key, value);
                case "bs" -> bs = blockSize(key, value);
                case "ibs" -> ibs = blockSize(key, value);
                case "obs" -> obs = blockSize(key, value);
                case "count" -> count = DdNumbers.parse(key, value);
                case "skip", "iseek" -> skip = DdNumbers.parse(key, value);
                case "seek", "oseek" -> seek = DdNumbers.parse(key, value);
                case "iflag" -> flags(key, value, IFLAGS, GNU_FLAGS, iflags);
                case "oflag" -> flags(key, value, OFLAGS, GNU_FLAGS, oflags);
                case "conv" -> flags(key, value, CONV, GNU_CONV, conv);
                case "status" -> {
                    if (!STATUS.contains(value)) {
                        throw new InvalidJobException("dd: status=" + value + ": invalid status level (none, noxfer,"
                                + " progress)");
                    }
                    status = value;
                }
                case "cbs" -> throw new InvalidJobException("dd: cbs=" + value + ": conversions are not"
                        + " supported by iobench");
                default -> throw new InvalidJobException("dd: unrecognized operand '" + op + "'");
            }
        }
        if (in == null) {
            throw new InvalidJobException("dd: if= is required: iobench does not read standard input");
        }
        if (out == null) {
            throw new InvalidJobException("dd: of= is required: iobench does not write standard output");
        }
        long inBlock = bs != null ? bs : ibs != null ? ibs : DEFAULT_BLOCK;
        long outBlock = bs != null ? bs : obs != null ? obs : DEFAULT_BLOCK;
        return new DdOperands(in, out, inBlock, outBlock, bs != null, count == null ? -1 : count.value(),
                count != null && (count.bytes() || iflags.contains("count_bytes")),
                skip == null ? 0 : skip.value(), skip != null && (skip.bytes() || iflags.contains("skip_bytes")),
                seek == null ? 0 : seek.value(), seek != null && (seek.bytes() || oflags.contains("seek_bytes")),
                iflags, oflags, conv, status);
    }

    private static String path(String key, String value) {
        if (value.isEmpty()) {
            throw new InvalidJobException("dd: " + key + "= needs a file name");
        }
        return value;
    }

    private static long blockSize(String key, String value) {
        long v = DdNumbers.parse(key, value).value();
        if (v <= 0 || v > JobSpec.MAX_BLOCK_SIZE) {
            throw new InvalidJobException("dd: " + key + "=" + value + ": invalid number (a block size must be"
                    + " between 1 and 1GiB)");
        }
        return v;
    }

    private static void flags(String key, String value, Set<String> known, Set<String> gnuOnly, Set<String> into) {
        for (String f : value.split(",", -1)) {
            if (known.contains(f)) {
                into.add(f);
            } else if (gnuOnly.contains(f)) {
                throw new InvalidJobException("dd: " + key + "=" + f + " is not supported by iobench (supported: "
                        + String.join(", ", known.stream().sorted().toList()) + ")");
            } else {
                throw new InvalidJobException("dd: " + key + "=" + value + ": invalid flag '" + f + "' (supported: "
                        + String.join(", ", known.stream().sorted().toList()) + ")");
            }
        }
    }

    public boolean readsZero() {
        return input.equals(DEV_ZERO);
    }

    public boolean writesNull() {
        return output.equals(DEV_NULL);
    }

    /** Where reading starts, in bytes. */
    public long skipBytes() {
        return skipInBytes ? skip : Math.multiplyExact(skip, ibs);
    }

    /** Where writing starts, in bytes. */
    public long seekBytes() {
        return seekInBytes ? seek : Math.multiplyExact(seek, obs);
    }

    /** The most bytes to copy, or -1 for "until the input ends". */
    public long countLimitBytes() {
        if (count < 0) {
            return -1;
        }
        return countInBytes ? count : Math.multiplyExact(count, ibs);
    }

    public boolean has(String conversion) {
        return conv.contains(conversion);
    }
}
