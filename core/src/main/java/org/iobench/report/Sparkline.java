package org.iobench.report;

import java.util.List;

/**
 * A one-line chart of a series in Unicode block characters ({@code ▁▂▃▄▅▆▇█}, lowest to highest), with {@code │}
 * before each marked position, as {@code spark} draws them. Longer series are averaged into at most
 * {@code width} characters, each standing for the same number of points (give or take one).
 */
public final class Sparkline {
    private static final String LEVELS = "▁▂▃▄▅▆▇█";
    public static final char MARK = '│';

    private Sparkline() {}

    /**
     * @param values  the series (NaN values are drawn as a space)
     * @param marks   positions (indices into {@code values}) to mark: a {@link #MARK} goes before the character
     *                that holds that position
     * @param width   at most this many characters of data, 1 or more
     */
    public static String of(double[] values, List<Integer> marks, int width) {
        int n = values.length;
        int cells = Math.min(n, Math.max(1, width));
        double[] cell = new double[cells];
        for (int c = 0; c < cells; c++) {
            int from = (int) ((long) c * n / cells);
            int to = (int) ((long) (c + 1) * n / cells);
            double sum = 0;
            int count = 0;
            for (int i = from; i < to; i++) {
                if (!Double.isNaN(values[i])) {
                    sum += values[i];
                    count++;
                }
            }
            cell[c] = count == 0 ? Double.NaN : sum / count;
        }
        double min = Double.POSITIVE_INFINITY;
        double max = Double.NEGATIVE_INFINITY;
        for (double v : cell) {
            if (!Double.isNaN(v)) {
                min = Math.min(min, v);
                max = Math.max(max, v);
            }
        }
        boolean[] markBefore = new boolean[cells];
        for (int m : marks) {
            if (m > 0 && m < n) {
                markBefore[(int) ((long) m * cells / n)] = true;
            }
        }
        StringBuilder s = new StringBuilder(cells + marks.size());
        for (int c = 0; c < cells; c++) {
            if (markBefore[c] && c > 0) {
                s.append(MARK);
            }
            if (Double.isNaN(cell[c])) {
                s.append(' ');
            } else {
                int level = max > min ? (int) Math.round((cell[c] - min) / (max - min) * (LEVELS.length() - 1))
                        : LEVELS.length() / 2;
                s.append(LEVELS.charAt(level));
            }
        }
        return s.toString();
    }
}
