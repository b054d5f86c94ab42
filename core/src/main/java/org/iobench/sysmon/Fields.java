package org.iobench.sysmon;

/**
 * Allocation-light helpers for whitespace-separated procfs text: they scan a String in place instead of splitting
 * it, because the sampler parses several files every second for the length of a benchmark.
 */
final class Fields {

    private Fields() {
    }

    /**
     * Reads the {@code index}-th (0-based) whitespace-separated unsigned decimal number of the line starting at
     * {@code from} (up to the next newline) in {@code s}.
     *
     * @return the value, or {@code missing} if the line has fewer fields or the field is not a number
     */
    static long nthNumber(String s, int from, int index, long missing) {
        int i = from;
        int n = s.length();
        int field = -1;
        while (i < n && s.charAt(i) != '\n') {
            while (i < n && (s.charAt(i) == ' ' || s.charAt(i) == '\t')) {
                i++;
            }
            if (i >= n || s.charAt(i) == '\n') {
                break;
            }
            field++;
            int start = i;
            while (i < n && s.charAt(i) != ' ' && s.charAt(i) != '\t' && s.charAt(i) != '\n') {
                i++;
            }
            if (field == index) {
                return parseUnsigned(s, start, i, missing);
            }
        }
        return missing;
    }

    /** Parses the decimal digits in [start, end); anything else gives {@code missing}. Saturates at Long.MAX_VALUE. */
    static long parseUnsigned(String s, int start, int end, long missing) {
        if (start >= end) {
            return missing;
        }
        long v = 0;
        for (int i = start; i < end; i++) {
            char c = s.charAt(i);
            if (c < '0' || c > '9') {
                return missing;
            }
            v = v * 10 + (c - '0');
            if (v < 0) {
                return Long.MAX_VALUE;
            }
        }
        return v;
    }

    /** Index of the start of the line that begins with {@code key} followed by a space, tab or colon; -1 if none. */
    static int lineStartingWith(String s, String key) {
        int at = 0;
        while (at < s.length()) {
            if (s.startsWith(key, at)) {
                int after = at + key.length();
                if (after < s.length()) {
                    char c = s.charAt(after);
                    if (c == ' ' || c == '\t' || c == ':') {
                        return at;
                    }
                }
            }
            int nl = s.indexOf('\n', at);
            if (nl < 0) {
                return -1;
            }
            at = nl + 1;
        }
        return -1;
    }

    /** The value after {@code key} (e.g. {@code "pgpgin 123"} or {@code "MemFree:  456 kB"}), or {@code missing}. */
    static long valueOf(String s, String key, long missing) {
        int line = lineStartingWith(s, key);
        if (line < 0) {
            return missing;
        }
        return nthNumber(s, line + key.length() + 1, 0, missing);
    }
}
