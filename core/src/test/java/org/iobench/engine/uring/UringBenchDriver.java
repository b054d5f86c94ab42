package org.iobench.engine.uring;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.iobench.engine.Completions;
import org.iobench.engine.EngineOptions;
import org.iobench.engine.IoEngine;
import org.iobench.engine.IoOp;
import org.iobench.engine.IoRequest;
import org.iobench.engine.SubmitStatus;
import org.iobench.sys.NativeBuffer;
import org.iobench.engine.IoFile;
import org.iobench.engine.OpenMode;

/**
 * A stand-in for {@code iobench run --engine uring} until the CLI exists: one thread keeping {@code iodepth}
 * requests in flight through {@link UringEngine} in the loop a worker runs (submit until BUSY, commit, reap at
 * least one), with a timestamp per issue and per reap as a worker takes them. Used by
 * {@code bench/uring-vs-fio.sh}.
 *
 * <pre>
 * java --enable-native-access=ALL-UNNAMED -cp core/target/classes:core/target/test-classes \
 *     org.iobench.engine.uring.UringBenchDriver file=/tmp/f rw=randread bs=4096 iodepth=32 direct=0 \
 *     size=536870912 runtime=5 ramp=1 [batch=1] [fixed=0] [flags=0x...]
 * </pre>
 *
 * Prints one line: {@code iops=... mbps=... meanClatUs=... meanSlatUs=... cpuNsPerIo=... allocBytesPerIo=...} (MB/s is 10^6 bytes per
 * second; cpuNsPerIo is the thread's user+system CPU time per I/O, which, unlike IOPS, does not depend on how
 * much of the CPU other processes leave to the run).
 */
public final class UringBenchDriver {
    public static void main(String[] args) throws Exception {
        Map<String, String> a = new HashMap<>();
        for (String arg : args) {
            int eq = arg.indexOf('=');
            a.put(arg.substring(0, eq), arg.substring(eq + 1));
        }
        Path file = Path.of(a.get("file"));
        boolean random = a.get("rw").startsWith("rand");
        IoOp op = a.get("rw").endsWith("read") ? IoOp.READ : IoOp.WRITE;
        int bs = Integer.parseInt(a.get("bs"));
        int iodepth = Integer.parseInt(a.get("iodepth"));
        int batch = Integer.parseInt(a.getOrDefault("batch", "1"));
        boolean direct = a.getOrDefault("direct", "0").equals("1");
        boolean fixed = a.getOrDefault("fixed", "0").equals("1");
        long size = Long.parseLong(a.get("size"));
        double runtime = Double.parseDouble(a.getOrDefault("runtime", "5"));
        double ramp = Double.parseDouble(a.getOrDefault("ramp", "1"));

        List<NativeBuffer> buffers = new ArrayList<>();
        IoRequest[] pool = new IoRequest[iodepth];
        for (int i = 0; i < iodepth; i++) {
            NativeBuffer b = NativeBuffer.allocate(bs, 4096);
            b.fillRandom(i);
            buffers.add(b);
            pool[i] = new IoRequest(i, b);
        }
        EngineOptions options = new EngineOptions(iodepth, batch, buffers, fixed);
        IoEngine engine = a.containsKey("flags")
                ? UringProvider.create(options, List.of(Integer.decode(a.get("flags"))))
                : UringEngine.PROVIDER.create(options);
        IoFile fd = engine.open(file, (op == IoOp.READ ? OpenMode.READ : OpenMode.READ_WRITE).withDirect(direct));

        long blocks = size / bs;
        long seed = 0x9E3779B97F4A7C15L;
        long sequential = 0;
        IoRequest[] free = pool.clone();
        int freeCount = iodepth;
        Completions done = new Completions(iodepth);
        long ios = 0;
        long clatSum = 0;
        long slatSum = 0;
        java.lang.management.ThreadMXBean cpu = java.lang.management.ManagementFactory.getThreadMXBean();
        com.sun.management.ThreadMXBean alloc = (com.sun.management.ThreadMXBean) cpu;
        long cpuStart = 0;
        long allocStart = 0;
        long start = System.nanoTime();
        long measureFrom = start + (long) (ramp * 1e9);
        long end = measureFrom + (long) (runtime * 1e9);
        boolean measuring = false;
        while (true) {
            while (freeCount > 0) {
                IoRequest r = free[freeCount - 1];
                long block;
                if (random) {
                    seed ^= seed << 13; seed ^= seed >>> 7; seed ^= seed << 17; // xorshift64
                    block = (seed >>> 1) % blocks;
                } else {
                    block = sequential;
                    sequential = sequential + 1 == blocks ? 0 : sequential + 1;
                }
                r.prepare(op, fd, block * bs, bs);
                r.issueNanos(System.nanoTime());
                if (engine.submit(r) == SubmitStatus.BUSY) {
                    break;
                }
                freeCount--;
            }
            engine.commit();
            done.clear();
            int n = engine.reap(1, done);
            long now = System.nanoTime();
            for (int i = 0; i < n; i++) {
                IoRequest r = done.get(i);
                if (r.result() != bs) {
                    throw new IllegalStateException("I/O failed or short: " + r);
                }
                if (measuring) {
                    ios++;
                    clatSum += now - r.submitNanos();
                    slatSum += r.submitNanos() - r.issueNanos();
                }
                free[freeCount++] = r;
            }
            if (!measuring && now >= measureFrom) {
                measuring = true;
                start = now;
                cpuStart = cpu.getCurrentThreadCpuTime();
                allocStart = alloc.getCurrentThreadAllocatedBytes();
            } else if (measuring && now >= end) {
                double seconds = (now - start) / 1e9;
                long cpuNanos = cpu.getCurrentThreadCpuTime() - cpuStart;
                long allocated = alloc.getCurrentThreadAllocatedBytes() - allocStart;
                System.out.printf(Locale.ROOT,
                        "iops=%.0f mbps=%.1f meanClatUs=%.1f meanSlatUs=%.1f cpuNsPerIo=%.0f allocBytesPerIo=%.3f setupFlags=0x%x%n",
                        ios / seconds, ios * (double) bs / seconds / 1e6, clatSum / 1e3 / ios, slatSum / 1e3 / ios,
                        (double) cpuNanos / ios, (double) allocated / ios, ((UringEngine) engine).setupFlags());
                break;
            }
        }
        engine.close();
        engine.close(fd);
        buffers.forEach(NativeBuffer::close);
    }
}
