package org.iobench.history;

/**
 * How the points of a history follow each other.
 *
 * @param label null: one point per run, by creation time (then id); else one point per value of this label, in
 *              natural order (2.6.9 &lt; 2.6.10 &lt; 6.1), pooling the runs that share a value
 */
public record HistoryOrder(String label) {
    public static final HistoryOrder TIME = new HistoryOrder(null);

    public static HistoryOrder byLabel(String label) {
        return new HistoryOrder(label);
    }

    public boolean byTime() {
        return label == null;
    }
}
