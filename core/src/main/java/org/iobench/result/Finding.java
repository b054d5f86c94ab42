package org.iobench.result;

/**
 * Something the advisor saw in a result: a pitfall with the numbers that show it and how to fix it.
 *
 * @param id       stable identifier ({@code read-modify-write}, {@code page-cache}...)
 * @param message  one line saying what is wrong
 * @param evidence the figures that show it, in one line
 * @param fix      what to do about it
 */
public record Finding(String id, String message, String evidence, String fix) {

    /** {@code [id] message (evidence); fix: fix}, the line printed after a table. */
    public String line() {
        return "[" + id + "] " + message + " (" + evidence + "); fix: " + fix;
    }
}
