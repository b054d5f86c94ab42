package org.iobench.sys;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.SplittableRandom;

/**
 * An aligned block of native memory used as an I/O buffer.
 *
 * <p>Allocated with a shared arena so the thread that frees it need not be the one that used it; freed by
 * {@link #close()}. Alignment must be a power of two (4096 suits O_DIRECT on every device iobench meets).
 */
public final class NativeBuffer implements AutoCloseable {
    private final Arena arena;
    private final MemorySegment segment;

    private NativeBuffer(Arena arena, MemorySegment segment) {
        this.arena = arena;
        this.segment = segment;
    }

    /** A zero-filled buffer of {@code size} bytes whose address is a multiple of {@code alignment}. */
    public static NativeBuffer allocate(long size, long alignment) {
        if (size <= 0) {
            throw new IllegalArgumentException("buffer size must be positive: size=" + size);
        }
        if (alignment <= 0 || Long.bitCount(alignment) != 1) {
            throw new IllegalArgumentException("alignment must be a power of 2: alignment=" + alignment);
        }
        Arena arena = Arena.ofShared();
        return new NativeBuffer(arena, arena.allocate(size, alignment));
    }

    public long size() {
        return segment.byteSize();
    }

    /** The native address, for engines that hand buffers to the kernel by address (io_uring SQEs). */
    public long address() {
        return segment.address();
    }

    MemorySegment slice(long offset, long length) {
        return offset == 0 && length == segment.byteSize() ? segment : segment.asSlice(offset, length);
    }

    /** Fills the buffer with pseudo-random bytes: incompressible data for writes. */
    public void fillRandom(long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        long size = segment.byteSize();
        long i = 0;
        for (; i + 8 <= size; i += 8) {
            segment.set(ValueLayout.JAVA_LONG_UNALIGNED, i, random.nextLong());
        }
        for (; i < size; i++) {
            segment.set(ValueLayout.JAVA_BYTE, i, (byte) random.nextInt());
        }
    }

    /** Copies {@code length} bytes from {@code offset} into a new array (tests, verification). */
    public byte[] toArray(long offset, int length) {
        return segment.asSlice(offset, length).toArray(ValueLayout.JAVA_BYTE);
    }

    /**
     * A little-endian {@link ByteBuffer} over the whole buffer, sharing its memory: for code outside {@code sys} that
     * reads or writes fields and feeds checksums ({@code CRC32C.update(ByteBuffer)} reads it in place). Make one
     * per buffer and keep it; valid until {@link #close()}.
     */
    public ByteBuffer asByteBuffer() {
        return segment.asByteBuffer().order(ByteOrder.LITTLE_ENDIAN);
    }

    @Override
    public void close() {
        arena.close();
    }
}
