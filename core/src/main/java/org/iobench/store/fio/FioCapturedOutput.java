package org.iobench.store.fio;

/**
 * fio's JSON as captured from its standard output: fio prints {@code note: ...} (its own notes, on stdout) and,
 * when stderr was captured too, {@code fio: ...} messages before the document. Those lines are not part of the
 * JSON; anything else before the document is, so the file stays refused as "not JSON".
 */
public final class FioCapturedOutput {
    private FioCapturedOutput() {}

    /** {@code text} without fio's message lines before the first {@code {}; unchanged when it has none. */
    public static String withoutLeadingMessages(String text) {
        int at = 0;
        while (at < text.length()) {
            int end = text.indexOf('\n', at);
            String line = (end < 0 ? text.substring(at) : text.substring(at, end)).strip();
            if (line.startsWith("{")) {
                return text.substring(at);
            }
            if (!(line.isEmpty() || line.startsWith("note:") || line.startsWith("fio:") || zoneRounding(line))) {
                return text;
            }
            if (end < 0) {
                return text;
            }
            at = end + 1;
        }
        return text;
    }

    /** zonemode=zbd's {@code zbd_zone_align_file_sizes}: "FILE: rounded up offset from N to M" (and io_size down). */
    private static boolean zoneRounding(String line) {
        return line.matches(".*: rounded (up offset|down io_size) from \\d+ to \\d+");
    }
}
