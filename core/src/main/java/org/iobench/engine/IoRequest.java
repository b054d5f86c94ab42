package org.iobench.engine;

import org.iobench.sys.NativeBuffer;

/**
 * One I/O unit, reused across operations like fio's {@code io_u}: a worker owns a fixed pool of them, one per
 * slot of its queue depth, each with its own aligned buffer.
 *
 * <p>The worker sets {@link #prepare what to do}; the engine sets {@link #result()} on completion: bytes
 * transferred (possibly short), 0 for a sync op, or {@code -errno}. A failure lives here, not in an exception.
 */
public final class IoRequest {
    private final int index;
    private final NativeBuffer buffer;
    private IoOp op;
    private IoFile file;
    private long offset;
    private long length;
    private long bufferOffset;
    private long result;
    private long issueNanos;
    private long submitNanos;
    private int ioprio;

    public IoRequest(int index, NativeBuffer buffer) {
        this.index = index;
        this.buffer = buffer;
    }

    /** A request without a buffer, for syncs only (a final sync, a sync before dropping the cache). */
    public static IoRequest syncOnly(int index) {
        return new IoRequest(index, null);
    }

    /**
     * Sets the operation on {@code file} (opened by the engine that will run it); {@code length} bytes of the buffer
     * from its start, at file {@code offset}. A sync takes offset and length 0; a trim ({@link IoOp#TRIM}) uses no
     * buffer, so its length is not bounded by the buffer's size.
     */
    public IoRequest prepare(IoOp op, IoFile file, long offset, long length) {
        return prepare(op, file, offset, length, 0);
    }

    /** As {@link #prepare(IoOp, IoFile, long, long)}, with the data at {@code bufferOffset} in the buffer. */
    public IoRequest prepare(IoOp op, IoFile file, long offset, long length, long bufferOffset) {
        if (op.transfersData() && buffer == null) {
            throw new IllegalArgumentException("a request without a buffer can only sync: op=" + op);
        }
        if (op.transfersData() && (length <= 0 || bufferOffset < 0 || bufferOffset + length > buffer.size())) {
            throw new IllegalArgumentException("bufferOffset + length must be in 1.." + buffer.size()
                    + ": bufferOffset=" + bufferOffset + " length=" + length);
        }
        this.op = op;
        this.file = file;
        this.offset = offset;
        this.length = length;
        this.bufferOffset = bufferOffset;
        this.result = 0;
        return this;
    }

    /** Narrows the request to what is left after a short transfer of {@code done} bytes. */
    public void advance(long done) {
        if (done <= 0 || done >= length) {
            throw new IllegalArgumentException("advance must be in 1.." + (length - 1) + ": done=" + done);
        }
        offset += done;
        bufferOffset += done;
        length -= done;
        result = 0;
    }

    public int index() { return index; }
    public NativeBuffer buffer() { return buffer; }
    public IoOp op() { return op; }
    public IoFile file() { return file; }
    /** The file's descriptor, for engines. */
    public int fd() { return file.fd(); }
    public long offset() { return offset; }
    public long length() { return length; }
    public long bufferOffset() { return bufferOffset; }
    public long result() { return result; }
    public void complete(long result) { this.result = result; }

    /** When the worker decided to issue this request (ns, the worker's clock): latency starts here. */
    public long issueNanos() { return issueNanos; }
    public void issueNanos(long nanos) { this.issueNanos = nanos; }

    /**
     * The request's I/O priority ({@code class << 13 | level}, as {@code ioprio_set(2)} takes it), for engines that
     * pass one per request (libaio, io_uring); 0: the submitting thread's own. Set by the worker per request.
     */
    public int ioprio() { return ioprio; }
    public void ioprio(int value) { this.ioprio = value; }

    /** When the engine handed it to the kernel (ns), for engines that separate submission from completion. */
    public long submitNanos() { return submitNanos; }
    public void submitNanos(long nanos) { this.submitNanos = nanos; }

    @Override
    public String toString() {
        return op + " " + file + " offset=" + offset + " length=" + length + " result=" + result;
    }
}
