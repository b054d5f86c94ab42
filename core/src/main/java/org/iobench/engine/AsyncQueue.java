package org.iobench.engine;

import java.util.Arrays;
import org.iobench.clock.NanoClock;

/**
 * The bookkeeping of an asynchronous engine between {@code submit}, {@code commit} and {@code reap}, shared by the
 * libaio and io_uring engines: the requests in flight by {@link IoRequest#index() index} (each is the tag the
 * kernel hands back), those prepared and not yet taken by the kernel in queue order, how many are in flight, and the
 * trims, done inline as fio 3.33 does them. Nothing allocates once the slot table has grown to the largest index.
 *
 * <pre>{@code
 * if (q.full()) return BUSY;
 * q.claim(r); prepare the kernel's entry for r;
 * if (q.enqueue(r)) commit();                 // a batch is ready
 * ... commit: n = kernel's count taken; q.submitted(n);
 * ... reap:   r = q.release(tag, "io_uring completion"); r.complete(res); ... q.completed(n);
 * }</pre>
 */
public final class AsyncQueue {
    private final int iodepth;
    private final int batch;
    private final NanoClock clock;
    private final InlineDiscard trims;
    /** Requests in flight by index (null: free). */
    private IoRequest[] slots;
    /** Requests with a prepared kernel entry not yet taken by the kernel, in queue order. */
    private final IoRequest[] queued;
    private int queuedCount;
    private int inFlight;

    /** {@code batch} is capped at {@code iodepth}; submission times are read from {@code clock}. */
    public AsyncQueue(int iodepth, int batch, NanoClock clock) {
        this.iodepth = iodepth;
        this.batch = Math.min(batch, iodepth);
        this.clock = clock;
        this.trims = new InlineDiscard(clock);
        this.slots = new IoRequest[iodepth];
        this.queued = new IoRequest[iodepth];
    }

    /** True when {@code iodepth} requests are in flight: submit answers BUSY. */
    public boolean full() {
        return inFlight >= iodepth;
    }

    /** Takes {@code r}'s slot; a request with the same index must not be in flight. */
    public void claim(IoRequest r) {
        int index = r.index();
        if (index >= slots.length) {
            slots = Arrays.copyOf(slots, Math.max(index + 1, slots.length * 2));
        }
        if (slots[index] != null) {
            throw alreadyInFlight(index);
        }
        slots[index] = r;
    }

    /** Queues {@code r}, claimed, for the next commit; true when a batch is ready to go to the kernel. */
    public boolean enqueue(IoRequest r) {
        queued[queuedCount++] = r;
        inFlight++;
        return queuedCount >= batch;
    }

    /** Requests prepared and not yet taken by the kernel. */
    public int queuedCount() {
        return queuedCount;
    }

    /** The {@code i}-th request waiting for the kernel, in queue order. */
    public IoRequest queued(int i) {
        return queued[i];
    }

    /**
     * The first {@code n} queued requests were taken by the kernel: their submission time is now (as fio: just after
     * the call that handed them over returned) and they leave the queue.
     */
    public void submitted(int n) {
        long now = clock.nanoTime();
        for (int i = 0; i < n; i++) {
            queued[i].submitNanos(now);
        }
        dequeue(n);
    }

    /** Removes the first {@code n} queued requests (still in flight: the caller completes or refuses them). */
    public void dequeue(int n) {
        int left = queuedCount - n;
        System.arraycopy(queued, n, queued, 0, left);
        Arrays.fill(queued, left, queuedCount, null);
        queuedCount = left;
    }

    /** Now, on the engine's clock. */
    public long now() {
        return clock.nanoTime();
    }

    /** The request in flight whose tag the kernel handed back, its slot freed; {@code what} names the event. */
    public IoRequest release(long tag, String what) {
        IoRequest r = tag >= 0 && tag < slots.length ? slots[(int) tag] : null;
        if (r == null) {
            throw notInFlight(what, tag);
        }
        slots[(int) tag] = null;
        return r;
    }

    // The failures are built apart, so that the paths of every request stay small enough to be inlined.
    private static IllegalStateException alreadyInFlight(int index) {
        return new IllegalStateException("request " + index + " is already in flight");
    }

    private static IllegalStateException notInFlight(String what, long tag) {
        return new IllegalStateException(what + " for request " + tag + " which is not in flight");
    }

    /** Frees {@code r}'s slot without an event (a request the kernel refused). */
    public void releaseSlot(IoRequest r) {
        slots[r.index()] = null;
    }

    /** {@code n} released requests are no longer in flight. */
    public void completed(int n) {
        inFlight -= n;
    }

    /** Requests submitted and not yet reaped. */
    public int inFlight() {
        return inFlight;
    }

    /** The size of the slot table: engines with tables of their own per index keep them as large. */
    public int slotCapacity() {
        return slots.length;
    }

    /**
     * A trim, as fio 3.33's engines do it: the requests queued so far go to the kernel first ({@code engine}'s
     * commit), then the discard is done inline ({@link InlineDiscard}) while those in the kernel keep running; BUSY
     * when the kernel would not take the queue yet.
     */
    public SubmitStatus trim(IoRequest r, IoEngine engine) {
        if (queuedCount > 0) {
            engine.commit();
            if (queuedCount > 0) {
                return SubmitStatus.BUSY;
            }
        }
        return trims.submit(r);
    }

    /** Forgets every request (the engine is closing). */
    public void clear() {
        inFlight = 0;
        Arrays.fill(queued, 0, queuedCount, null);
        queuedCount = 0;
        Arrays.fill(slots, null);
    }
}
