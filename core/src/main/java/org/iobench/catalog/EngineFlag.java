package org.iobench.catalog;

/**
 * What an engine is, as fio's {@code ioengine_ops} flags say it ({@code FIO_SYNCIO}, {@code FIO_DISKLESSIO},
 * {@code FIO_NOIO}...): everything outside the engines reads these, never an engine's name.
 */
public enum EngineFlag {
    /** One request in flight per worker: each completes inside {@code submit} (fio's {@code FIO_SYNCIO}). */
    SYNC,
    /**
     * Its runs move no data to or from storage (fio's {@code FIO_DISKLESSIO}: {@code null}, {@code cpuio},
     * {@code exec}, the file-operation engines, fio's network engines): they measure a harness, a CPU, a network or
     * metadata calls, so no target is laid out for them, the store keeps them apart from storage runs and the
     * storage advice skips them.
     */
    DISKLESS,
    /**
     * Its reads and writes are other calls on the file, counted by their length as fio counts them
     * ({@code ftruncate}, {@code falloc}): reads return no data to check.
     */
    NO_DATA,
    /** Its trims work on regular files (a hole punched); the data engines' trims are BLKDISCARD on a device. */
    TRIMS_FILES,
    /** It passes an I/O priority with each request (fio's {@code cmdprio_*} options). */
    PER_REQUEST_PRIORITY,
    /** It can register its buffers and files with the kernel ({@code --fixed-buffers}). */
    REGISTERED_BUFFERS,
    /** It can register the files it opens with the kernel and name them by index (fio's {@code registerfiles}). */
    REGISTERED_FILES,
    /**
     * A kernel thread can take its requests from the queue without a system call per batch (io_uring's SQPOLL: fio's
     * {@code sqthread_poll}, {@code sqthread_poll_cpu}).
     */
    SUBMISSION_THREAD,
    /**
     * It can poll the device for completions instead of waiting for interrupts (io_uring's IOPOLL: fio's
     * {@code hipri}), on direct I/O to a device whose driver has poll queues.
     */
    POLLED_COMPLETIONS,
    /**
     * It keeps requests in flight on buffered files too (io_uring), not only with O_DIRECT (native AIO does buffered
     * requests inside {@code io_submit}): the engine to suggest for more depth with fewer system calls per request.
     */
    ASYNC_BUFFERED,
    /** Its transfers are not counted in {@code /proc/self/io} {@code rchar}/{@code wchar} (no read(2)/write(2)). */
    OUTSIDE_PROC_IO,
    /** Its requests burn CPU instead of doing I/O (fio's {@code cpuio}): the job says what to burn. */
    BURNS_CPU,
    /** Its requests run a program (fio's {@code exec}): the job names the program. */
    RUNS_PROGRAM,
    /** Its requests are calls on many files of the job (fio's file-operation engines): the job names the files. */
    WORKS_ON_FILES,
    /** Among {@link #WORKS_ON_FILES} engines: it creates the files (fio's {@code filecreate}), nothing is laid out. */
    CREATES_FILES,
    /** Among {@link #WORKS_ON_FILES} engines: its request is a stat call (fio's {@code filestat}). */
    STATS_FILES,
    /**
     * Its requests send and receive on a socket (fio's {@code net}): the job names the other end (protocol, host,
     * port, listen), a reading job receives what a writing job sends, and its target is an endpoint, not a file.
     */
    NETWORK,
    /** fio's normal text gives its rates in bits per second (fio's {@code FIO_BIT_BASED}: {@code unit_base=1}). */
    BIT_BASED
}
