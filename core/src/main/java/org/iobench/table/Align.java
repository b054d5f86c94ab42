package org.iobench.table;

/** Horizontal alignment of a column's header and cells; numbers are right-aligned. */
public enum Align {
    LEFT,
    RIGHT
}
