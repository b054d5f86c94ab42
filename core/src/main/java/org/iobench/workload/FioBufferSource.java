package org.iobench.workload;

import java.nio.ByteBuffer;
import java.util.List;
import org.iobench.clock.NanoClock;
import org.iobench.engine.IoOp;
import org.iobench.engine.IoRequest;
import org.iobench.job.FioBuffers;
import org.iobench.sys.NativeBuffer;

/**
 * A fio job's write buffers as fio fills them ({@link FioBufferFill}): when the worker is made, every buffer of a job
 * that writes, in fio's order ({@code init_io_u}: fio's unit {@code i} is the worker's slot {@code depth - 1 - i},
 * since both take the last free one first); then, as {@code get_io_u} does for each new write (not for the rest of a
 * short one), a refill of its length, or the scramble of its 512-byte blocks. Jobs that ask for neither pay
 * nothing per write. iobench's warm-up ({@link WarmHarness}) wraps its own source in one too: the run's loop is
 * then the one it compiled, rather than a loop thrown back to the interpreter at the run's first write, whose
 * scramble ran at a fraction of its compiled speed while the JIT compiled it again.
 */
final class FioBufferSource extends ForwardingSource {
    private FioBufferFill fill;
    /** fio's {@code randrepeat}: each new loop starts the buffer generators again ({@code clear_io_state}). */
    private final boolean restartEachLoop;
    /** The inner source's loop the fill's generators belong to. */
    private long loop;
    private final ByteBuffer[] views;
    private final boolean refill;
    private final boolean scramble;
    private final NanoClock clock;

    /**
     * @param fill   the worker's fill, made from {@code spec}
     * @param writes          the job writes (fio fills the buffers at the start only then)
     * @param restartEachLoop fio's {@code randrepeat}: a refill's generators start again at each new loop
     */
    FioBufferSource(RequestSource inner, FioBuffers spec, FioBufferFill fill, List<NativeBuffer> buffers,
                    boolean writes, boolean restartEachLoop, NanoClock clock) {
        super(inner);
        this.fill = fill;
        this.restartEachLoop = restartEachLoop;
        this.views = new ByteBuffer[buffers.size()];
        for (int i = 0; i < views.length; i++) {
            views[i] = buffers.get(i).asByteBuffer();
        }
        this.refill = spec.refill();
        this.scramble = spec.scramble() && !refill;
        this.clock = clock;
        if (writes) {
            for (int unit = 0; unit < views.length; unit++) {
                ByteBuffer b = views[views.length - 1 - unit];
                fill.fill(b, b.capacity());
            }
        }
    }

    /**
     * What a write costs the worker in buffer work, as a warm-up's kind of job tells it: {@code refill},
     * {@code scramble} or {@code filled} (once, at the start).
     */
    static String perWrite(FioBuffers spec) {
        return spec.refill() ? "refill" : spec.scramble() ? "scramble" : "filled";
    }

    @Override
    public void next(IoRequest r) {
        inner.next(r);
        if (r.op() != IoOp.WRITE) {
            return;
        }
        if (refill) {
            if (restartEachLoop && inner.loops() != loop) {
                loop = inner.loops(); // fio's clear_io_state: td_fill_rand_seeds seeds buf_state again
                fill = fill.restarted();
            }
            fill.fill(views[r.index()], (int) r.length());
        } else if (scramble) {
            FioBufferFill.scramble(views[r.index()], (int) r.length(), r.offset(), clock.nanoTime());
        }
    }

    @Override
    public String dataFailure(IoRequest r, long bytes) {
        return inner.dataFailure(r, bytes);
    }

    @Override
    public void finished() {
        inner.finished();
    }

    @Override
    public boolean countsEmpty() {
        return inner.countsEmpty();
    }
}
