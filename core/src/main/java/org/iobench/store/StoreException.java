package org.iobench.store;

/** The result database cannot be opened, read or written; the message is one line naming the database. */
public final class StoreException extends RuntimeException {
    public StoreException(String message, Throwable cause) {
        super(message, cause);
    }

    public StoreException(String message) {
        super(message);
    }
}
