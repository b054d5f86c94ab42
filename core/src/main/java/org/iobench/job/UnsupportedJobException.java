package org.iobench.job;

/**
 * A job or option that is valid (fio would run it) but that iobench cannot honour, refused rather than ignored. It is
 * bad input like any {@link InvalidJobException}; {@code iobench fio} tells the two apart: fio's own refusals exit 1
 * as fio's do, this one exits 2 (iobench's refusal before any I/O).
 */
public final class UnsupportedJobException extends InvalidJobException {
    public UnsupportedJobException(String message) {
        super(message);
    }
}
