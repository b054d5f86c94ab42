package org.iobench.result;

/** The I/O error that stopped a run: which operation, where, and the kernel's errno. */
public record IoFailure(int worker, String op, long offset, long length, int errno, String errnoName,
                        String message) {}
