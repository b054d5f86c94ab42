package org.iobench.sys;

import java.io.IOException;

/** A failed system call during setup (open, close, fadvise): carries the errno and what was called on what. */
public final class SysException extends IOException {
    private final int errno;

    public SysException(String call, String what, int errno) {
        super(call + " " + what + ": " + Errno.describe(errno));
        this.errno = errno;
    }

    public int errno() {
        return errno;
    }
}
