package org.iobench.engine;

/**
 * A reusable, fixed-capacity list of completed requests, filled by {@link IoEngine#reap}. A caller may take fewer per
 * reap than fit ({@link #clear(int)}: fio's {@code iodepth_batch_complete_max}); engines read {@link #capacity()}.
 */
public final class Completions {
    private final IoRequest[] items;
    private int size;
    private int limit;

    public Completions(int capacity) {
        items = new IoRequest[capacity];
        limit = capacity;
    }

    public void add(IoRequest request) {
        items[size++] = request;
    }

    public IoRequest get(int i) {
        if (i >= size) {
            throw new IndexOutOfBoundsException("index " + i + " of " + size);
        }
        return items[i];
    }

    public int size() { return size; }
    /** How many this reap may hold: the list's size, or less as {@link #clear(int)} set it. */
    public int capacity() { return limit; }
    public void clear() { size = 0; limit = items.length; }

    /** Empties the list and lets the next reaps fill at most {@code max} (1.. the list's size; larger is capped). */
    public void clear(int max) {
        if (max < 1) {
            throw new IllegalArgumentException("max must be >= 1: " + max);
        }
        size = 0;
        limit = Math.min(max, items.length);
    }
}
