package org.iobench.job.fio;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import org.iobench.job.Access;
import org.iobench.job.BlockSizeMix;
import org.iobench.job.FioVerify;
import org.iobench.job.FioVerifyType;
import org.iobench.job.RwMode;

/**
 * fio 3.33's verify options read as fio reads them ({@code options.c}, {@code init.c}'s {@code fixup_options}):
 * {@code verify} (or {@code verify_pattern} alone: a header and the pattern), {@code do_verify}, {@code verify_interval}
 * settled as fio settles it (the smallest write size when sizes vary, never above the smallest write or read, a
 * divisor of the write sizes), {@code verify_offset}, {@code verify_pattern} (hex, decimal and quoted strings, joined),
 * {@code verify_backlog(_batch)}, {@code verify_fatal}, {@code verify_dump}, {@code experimental_verify},
 * {@code verify_only}; each clone's verify generator starts where fio starts it ({@code rand_seeds[FIO_RAND_VER_OFF]}).
 */
final class FioVerifyOptions {
    private static final int FIO_RAND_VER_OFF = 3;

    private FioVerifyOptions() {}

    /** The job's verify before its clones are numbered, or null when it does not verify. */
    static FioVerify of(FioJobOptions o, String jobName, RwMode rw, Access access, long unit, FioProblems problems,
                        List<FioProblems.Problem> blocking) {
        FioSetting s = o.setting("verify").orElse(null);
        FioSetting patternSetting = o.setting("verify_pattern").orElse(null);
        Pattern parsed = patternSetting == null ? new Pattern(new byte[0], List.of()) : verifyPattern(patternSetting);
        byte[] pattern = parsed.bytes();
        FioVerifyType type;
        String value = s == null ? "0" : s.value().strip().toLowerCase(Locale.ROOT);
        if (s == null || value.equals("0") || value.equals("none")) {
            if (pattern.length == 0) {
                return null;
            }
            type = s == null ? FioVerifyType.PATTERN : null; // verify=0 stays off even with a pattern, as in fio
            if (type == null) {
                return null;
            }
        } else {
            type = FioVerifyType.byOption(value).orElseThrow(() -> FioJobOptions.bad(s, "is not one of fio's verify"
                    + " modes (md5, crc64, crc32c, crc32c-intel, crc32, crc16, crc7, xxhash, sha1, sha256, sha512,"
                    + " sha3-224, sha3-256, sha3-384, sha3-512, meta, pattern, null)"));
        }
        if (o.value("ioengine").flatMap(FioEngines::describe).filter(d -> !d.storesData()).isPresent()) {
            return null; // fio's FIO_FAKEIO engines: verify_io_u checks nothing
        }
        FioSetting at = s != null ? s : patternSetting;
        if (type == FioVerifyType.PATTERN_NO_HDR && pattern.length == 0) {
            throw FioJobOptions.bad(at, "verify=pattern needs verify_pattern");
        }
        if (rw.trims()) {
            blocking.add(problems.unsupported(at, "verifying trims (fio's trim_verify_zero) is not supported by"
                    + " iobench yet", true));
            return null;
        }
        if (rw == RwMode.COPY || !rw.reads() && !rw.writes()) {
            blocking.add(problems.unsupported(at, "applies to jobs that read or write", true));
            return null;
        }
        BlockSizeMix write = access.sizes(true, unit);
        BlockSizeMix read = access.sizes(false, unit);
        long interval = interval(o, rw, write, read);
        long headerOffset = o.has("verify_offset")
                ? o.size(o.setting("verify_offset").orElseThrow(), o.value("verify_offset").orElseThrow()) : 0;
        int header = type.headerBytes();
        long smallest = interval > 0 ? interval : Math.min(rw.writes() ? write.minBytes() : Long.MAX_VALUE,
                rw.reads() ? read.minBytes() : Long.MAX_VALUE);
        if (type.hasHeader() && smallest <= header) {
            throw FioJobOptions.bad(at, "blocks of " + smallest + " bytes are too small for verify=" + type.label()
                    + "'s " + header + "-byte header (fio: 'Blocksize too small'); use a larger bs or"
                    + " verify_interval");
        }
        if (headerOffset > 0 && headerOffset + header > smallest) {
            FioSetting off = o.setting("verify_offset").orElseThrow();
            throw FioJobOptions.bad(off, "the " + header + "-byte header at offset " + headerOffset + " does not fit"
                    + " in a verify interval of " + smallest + " bytes");
        }
        long backlog = count(o, "verify_backlog");
        long batch = count(o, "verify_backlog_batch");
        return new FioVerify(type, o.flag("do_verify", true), interval, headerOffset, HexFormat.of().formatHex(pattern),
                parsed.offsetsAt(), backlog, batch, o.flag("verify_fatal"), o.flag("verify_dump"), o.flag("experimental_verify"),
                o.flag("verify_only"), 0, "tausworthe64".equalsIgnoreCase(o.value("random_generator").orElse("")), 0,
                jobName, o.flag("verify_state_save", true), o.flag("verify_state_load"), "", o.number("loops", 1),
                o.has("io_size") ? o.size(o.setting("io_size").orElseThrow(), o.value("io_size").orElseThrow()) : 0);
    }

    /** The verify of clone {@code threadNumber} (fio's thread_number, from 1). */
    static FioVerify forThread(FioVerify v, FioJobOptions o, int threadNumber) {
        return v.forThread(threadNumber, seedStart(o, threadNumber));
    }

    /** fio's {@code rand_seeds[FIO_RAND_VER_OFF]} ({@code setup_random_seeds}, {@code td_fill_rand_seeds}). */
    static long seedStart(FioJobOptions o, int threadNumber) {
        return FioRandom.seed(o, threadNumber, FIO_RAND_VER_OFF);
    }

    /** fio's {@code fixup_options} for {@code verify_interval}; 0 = each request's length. */
    private static long interval(FioJobOptions o, RwMode rw, BlockSizeMix write, BlockSizeMix read) {
        long interval = o.has("verify_interval")
                ? o.size(o.setting("verify_interval").orElseThrow(), o.value("verify_interval").orElseThrow()) : 0;
        if (!rw.writes()) {
            // fio's min_bs[WRITE] of a job that does not write is its bs for writes, the job's bs
            write = read;
        }
        if (write.maxBytes() != write.minBytes() && interval == 0) {
            interval = write.minBytes();
        }
        if (interval > write.minBytes()) {
            interval = write.minBytes();
        } else if (rw.reads() && interval > read.minBytes()) {
            interval = read.minBytes();
        }
        if (interval == 0 || write.minBytes() % interval != 0 || write.maxBytes() % interval != 0) {
            interval = gcd(write.minBytes(), write.maxBytes());
        }
        return interval;
    }

    private static long gcd(long a, long b) {
        return b == 0 ? a : gcd(b, a % b);
    }

    private static long count(FioJobOptions o, String name) {
        return o.has(name) ? o.size(o.setting(name).orElseThrow(), o.value(name).orElseThrow()) : 0;
    }

    /**
     * {@code verify_pattern} as fio parses it: its bytes, and where each {@code %o} is (fio's {@code fmt_desc}: 8 zero
     * bytes, each request's offset pasted there as it is written and checked).
     */
    record Pattern(byte[] bytes, List<Integer> offsetsAt) {}

    /** fio's {@code verify_pattern}: {@link #pattern} with fio's one format, {@code %o}, at most 8 of them. */
    static Pattern verifyPattern(FioSetting s) {
        List<Integer> at = new ArrayList<>();
        byte[] bytes = parse(s, at);
        if (at.size() > MAX_FORMATS) {
            throw FioJobOptions.bad(s, "has " + at.size() + " %o; fio takes at most " + MAX_FORMATS);
        }
        return new Pattern(bytes, List.copyOf(at));
    }

    /** fio's {@code verify_fmt[8]}. */
    private static final int MAX_FORMATS = 8;

    /**
     * fio's {@code parse_and_fill_pattern} without formats (as {@code buffer_pattern} parses): 0x hex (an odd first
     * digit alone), decimal (little-endian), "strings".
     */
    static byte[] pattern(FioSetting s) {
        return parse(s, null);
    }

    /** fio's {@code parse_and_fill_pattern}; {@code formats} collects where each {@code %o} is, null: none taken. */
    private static byte[] parse(FioSetting s, List<Integer> formats) {
        String v = s.value().strip();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int i = 0;
        while (i < v.length()) {
            char c = v.charAt(i);
            if (c == ' ' || c == '\t') {
                i++;
            } else if (c == '"' || c == '\'') {
                int end = v.indexOf(c, i + 1);
                if (end < 0) {
                    throw FioJobOptions.bad(s, "the string has no closing quote");
                }
                out.writeBytes(v.substring(i + 1, end).getBytes(StandardCharsets.UTF_8));
                i = end + 1;
            } else if (v.regionMatches(true, i, "0x", 0, 2)) {
                int end = i + 2;
                while (end < v.length() && Character.digit(v.charAt(end), 16) >= 0
                        && !v.regionMatches(true, end, "0x", 0, 2)) {
                    end++;
                }
                if (end < v.length() && end > i + 3 && v.regionMatches(true, end - 1, "0x", 0, 2)) {
                    end--; // "0xff0x14": the 0 belongs to the next number
                }
                String hex = v.substring(i + 2, end);
                if (hex.isEmpty()) {
                    throw FioJobOptions.bad(s, "'0x' without hex digits");
                }
                out.writeBytes(HexFormat.of().parseHex(hex.length() % 2 == 1 ? "0" + hex : hex));
                i = end;
            } else if (Character.isDigit(c) || c == '-') {
                int end = i + 1;
                while (end < v.length() && Character.isDigit(v.charAt(end))
                        && !v.regionMatches(true, end, "0x", 0, 2)) {
                    end++;
                }
                long n;
                try {
                    n = Long.parseLong(v.substring(i, end));
                } catch (NumberFormatException e) {
                    throw FioJobOptions.bad(s, "'" + v.substring(i, end) + "' is not a number");
                }
                if (n > Integer.MAX_VALUE || n < Integer.MIN_VALUE) {
                    throw FioJobOptions.bad(s, "'" + v.substring(i, end) + "' is out of range");
                }
                int val = (int) n;
                if (val == 0) {
                    out.write(0);
                }
                for (; val != 0; val >>>= 8) {
                    out.write(val & 0xFF);
                }
                i = end;
            } else if (c == '%' && formats != null && v.startsWith("%o", i)) {
                formats.add(out.size()); // fio's parse_format: the offset's 8 bytes, zero until pasted
                out.writeBytes(new byte[Long.BYTES]);
                i += 2;
            } else if (c == '%') {
                throw FioJobOptions.bad(s, formats == null ? "takes no formats (fio's %o is verify_pattern's)"
                        : "has a format fio does not know (fio's only one is %o, the request's offset)");
            } else {
                throw FioJobOptions.bad(s, "is not a pattern fio reads (0x hex, a number or a quoted string)");
            }
        }
        if (out.size() == 0) {
            throw FioJobOptions.bad(s, "is empty");
        }
        return out.toByteArray();
    }
}
