package org.iobench.engine;

/** A reusable, fixed-capacity list of completed requests, filled by {@link IoEngine#reap}. */
public final class Completions {
    private final IoRequest[] items;
    private int size;

    public Completions(int capacity) {
        items = new IoRequest[capacity];
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
    public int capacity() { return items.length; }
    public void clear() { size = 0; }
}
