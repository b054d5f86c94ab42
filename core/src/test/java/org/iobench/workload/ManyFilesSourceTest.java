package org.iobench.workload;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.iobench.engine.Engines;
import org.iobench.engine.IoEngine;
import org.iobench.engine.IoFile;
import org.iobench.engine.IoOp;
import org.iobench.engine.IoRequest;
import org.iobench.engine.OpenMode;
import org.iobench.job.JobFiles;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The file of each request and the files open at once, as fio's get_next_file picks and opens them: round robin,
 * sequential, random:N; openfiles below nrfiles; files closed through the engine when done, after their last
 * request in flight is back. Real files and descriptors; each file's own source gives a fixed number of requests.
 */
class ManyFilesSourceTest {
    @TempDir
    Path dir;

    /** A file's own source: {@code n} reads of one block, then none. */
    private static final class Blocks implements RequestSource {
        private final IoFile file;
        private int left;

        Blocks(IoFile file, int n) {
            this.file = file;
            this.left = n;
        }

        @Override
        public boolean more() {
            return left > 0;
        }

        @Override
        public void next(IoRequest r) {
            left--;
            r.prepare(IoOp.READ, file, 0, 512);
        }

        @Override
        public String nothingTransferred(IoRequest r) {
            return null;
        }
    }

    private record Run(List<Integer> order, int mostOpen, List<String> events) {}

    private Run run(JobFiles.Service service, int count, int open, int perFile, int depth) throws IOException {
        List<Path> paths = new ArrayList<>();
        List<Long> sizes = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            paths.add(Files.write(dir.resolve("f" + i), new byte[4096]));
            sizes.add(4096L);
        }
        JobFiles files = new JobFiles(paths, sizes, service, open);
        List<String> events = new ArrayList<>();
        int[] openNow = {0};
        int[] most = {0};
        try (IoEngine engine = Engines.forSetup()) {
            IoEngine counting = new IoEngine() {
                @Override public String name() { return "counting"; }
                @Override public org.iobench.engine.SubmitStatus submit(IoRequest r) { return engine.submit(r); }
                @Override public void close(IoFile f) throws IOException {
                    events.add("close " + f.path().getFileName());
                    openNow[0]--;
                    engine.close(f);
                }
            };
            ManyFilesSource s = new ManyFilesSource(files, Long.MAX_VALUE, depth, counting, i -> {
                events.add("open f" + i);
                most[0] = Math.max(most[0], ++openNow[0]);
                return engine.open(paths.get(i), OpenMode.READ);
            }, (i, f) -> new Blocks(f, perFile), new RunControl(), 0, false, 4096);
            s.openFirst();
            List<Integer> order = new ArrayList<>();
            List<org.iobench.sys.NativeBuffer> buffers = new ArrayList<>();
            java.util.ArrayDeque<IoRequest> free = new java.util.ArrayDeque<>();
            try {
                for (int i = 0; i < depth; i++) {
                    buffers.add(org.iobench.sys.NativeBuffer.allocate(4096, 4096));
                    free.add(new IoRequest(i, buffers.get(i)));
                }
                List<IoRequest> inFlight = new ArrayList<>();
                while (true) {
                    // issue up to the depth, then complete the oldest: requests stay in flight across picks
                    while (!free.isEmpty() && s.more()) {
                        IoRequest r = free.removeFirst();
                        s.next(r);
                        order.add(Integer.parseInt(r.file().path().getFileName().toString().substring(1)));
                        inFlight.add(r);
                    }
                    if (inFlight.isEmpty()) {
                        break;
                    }
                    IoRequest r = inFlight.removeFirst();
                    assertThat(s.completed(r, 512)).isFalse();
                    free.add(r);
                }
            } finally {
                buffers.forEach(org.iobench.sys.NativeBuffer::close);
            }
            s.closeRest(new RunControl());
            return new Run(order, most[0], events);
        }
    }

    @Test
    void roundRobinTakesEachFileInTurnUntilItIsDone() throws IOException {
        Run r = run(JobFiles.Service.ROUNDROBIN, 3, 3, 2, 1);
        assertThat(r.order()).containsExactly(0, 1, 2, 0, 1, 2);
        assertThat(r.events()).filteredOn(e -> e.startsWith("close")).hasSize(3);
    }

    @Test
    void openfilesBelowNrfilesServesTheOpenOnesUntilDoneThenOpensTheNext() throws IOException {
        Run r = run(JobFiles.Service.ROUNDROBIN, 4, 2, 3, 1);
        assertThat(r.order()).as("fio: the others answer -EBUSY, round robin goes on over the open ones")
                .containsExactly(0, 1, 0, 1, 0, 1, 2, 3, 2, 3, 2, 3);
        assertThat(r.mostOpen()).isEqualTo(2);
        assertThat(r.events()).containsSubsequence("open f0", "open f1", "close f0", "close f1", "open f2", "open f3");
    }

    @Test
    void sequentialStaysOnAFileUntilItIsDone() throws IOException {
        Run r = run(new JobFiles.Service(JobFiles.Kind.SEQUENTIAL, 1, 0, -1, 0, false), 3, 3, 3, 1);
        assertThat(r.order()).containsExactly(0, 0, 0, 1, 1, 1, 2, 2, 2);
    }

    @Test
    void roundRobinWithAPostfixTakesThatManyRequestsPerTurn() throws IOException {
        Run r = run(new JobFiles.Service(JobFiles.Kind.ROUNDROBIN, 2, 0, -1, 0, false), 2, 2, 4, 1);
        assertThat(r.order()).containsExactly(0, 0, 1, 1, 0, 0, 1, 1);
    }

    @Test
    void aDoneFileIsClosedOnlyOnceItsRequestsInFlightAreBack() throws IOException {
        Run r = run(JobFiles.Service.ROUNDROBIN, 3, 1, 2, 4);
        assertThat(r.mostOpen()).as("openfiles=1: never two descriptors at once").isEqualTo(1);
        assertThat(r.order()).containsExactly(0, 0, 1, 1, 2, 2);
        assertThat(r.events()).containsExactly("open f0", "close f0", "open f1", "close f1", "open f2", "close f2");
    }

    @Test
    void randomDrawsEveryFileAndStopsWhenAllAreDone() throws IOException {
        Run r = run(new JobFiles.Service(JobFiles.Kind.RANDOM, 1, 0, -1, 12345, false), 5, 5, 3, 2);
        assertThat(r.order()).hasSize(15);
        for (int f = 0; f < 5; f++) {
            int file = f;
            assertThat(r.order().stream().filter(x -> x == file).count()).as("file %d", f).isEqualTo(3);
        }
    }
}
