package org.iobench.job;

/**
 * How a job's requests are issued: by how many workers, how many in flight each, through which engine.
 *
 * @param threads      workers on the one target
 * @param iodepth      requests in flight per worker
 * @param batch        requests gathered per submission (async engines)
 * @param engine       engine name ({@code psync}, {@code uring}, {@code libaio}, {@code null})
 * @param fixedBuffers register buffers and files with the kernel (io_uring)
 */
public record Queue(int threads, int iodepth, int batch, String engine, boolean fixedBuffers) {}
