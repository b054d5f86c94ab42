/**
 * The only package that touches {@code java.lang.foreign}: libc and kernel calls, aligned native memory, io_uring
 * rings and native AIO contexts.
 *
 * <h2>One errno convention</h2>
 * <ul>
 *   <li>A call that answers a status answers in the kernel's convention: a count or 0 on success, {@code -errno} on
 *       failure ({@link org.iobench.sys.NativeIo}, {@link org.iobench.sys.uring.IoUring},
 *       {@link org.iobench.sys.aio.AioContext}, and the package-private libc wrappers). Nothing returns a positive
 *       errno: {@code posix_fadvise}'s positive error number is negated where it is called.</li>
 *   <li>A set-up call that cannot go on after a failure (open, statx, ftruncate, fadvise, flock, close of a
 *       {@link org.iobench.sys.FileHandle}) throws {@link org.iobench.sys.SysException}, whose
 *       {@link org.iobench.sys.SysException#errno()} is the positive number, with the call and the path named.</li>
 * </ul>
 *
 * <h2>Who uses what</h2>
 * Engines own file descriptors ({@link org.iobench.sys.FileHandle}, one per open file, every return checked) and do
 * I/O on them. The rest of iobench uses {@code sys} only for buffers ({@link org.iobench.sys.NativeBuffer}), errno
 * ({@link org.iobench.sys.Errno}, {@link org.iobench.sys.SysException}), and the small identity and claim API of
 * target preparation ({@link org.iobench.sys.FileId}, {@link org.iobench.sys.FileLock}); a paced worker also sets its
 * thread's {@link org.iobench.sys.TimerSlack}, and each worker reads its own {@link org.iobench.sys.ThreadRusage}.
 * ArchitectureTest holds these lines.
 */
package org.iobench.sys;
