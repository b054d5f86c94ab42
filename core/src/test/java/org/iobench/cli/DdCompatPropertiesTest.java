package org.iobench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * Random dd command lines, run by GNU dd and by {@code iobench dd} on the same input: records, bytes and the
 * written file must agree. Few tries, since each one does real I/O twice.
 */
class DdCompatPropertiesTest {
    record Case(int inputBytes, String kind, long bs, long ibs, long obs, Long count, long skip, long seek) {
        List<String> operands(Path in, Path out) {
            List<String> ops = new ArrayList<>();
            ops.add("if=" + (kind.equals("write") ? "/dev/zero" : in.toString()));
            ops.add("of=" + (kind.equals("read") ? "/dev/null" : out.toString()));
            if (bs > 0) {
                ops.add("bs=" + bs);
            } else {
                ops.add("ibs=" + ibs);
                ops.add("obs=" + obs);
            }
            if (count != null) {
                ops.add("count=" + count);
            }
            if (skip > 0) {
                ops.add("skip=" + skip);
            }
            if (seek > 0) {
                ops.add("seek=" + seek);
            }
            return ops;
        }
    }

    @Provide
    Arbitrary<Case> cases() {
        Arbitrary<Long> blocks = Arbitraries.of(1L, 100L, 512L, 1000L, 4096L, 3000L, 65536L, 1L << 20);
        return Combinators.combine(Arbitraries.integers().between(1, 300_000),
                        Arbitraries.of("read", "write", "copy"), blocks, blocks, blocks,
                        Arbitraries.longs().between(1, 400), Arbitraries.integers().between(0, 3),
                        Arbitraries.integers().between(0, 9))
                .as((size, kind, a, b, c, count, skip, seek) -> {
                    boolean bsGiven = kind.equals("copy") || a % 2 == 0;
                    long ibs = bsGiven ? a : b;
                    long inputBlocks = Math.max(1, size / ibs);
                    long skipBlocks = kind.equals("write") ? 0 : Math.min(skip, inputBlocks - 1);
                    Long n = kind.equals("write") ? Long.valueOf(Math.min(count, 20_000_000 / ibs + 1))
                            : count % 3 == 0 ? null : count;
                    return new Case(size, kind, bsGiven ? a : 0, b, c, n, skipBlocks,
                            kind.equals("read") ? 0 : seek);
                });
    }

    @Property(tries = 20)
    void iobenchDdAgreesWithGnuDd(@ForAll("cases") Case c) throws Exception {
        Path dir = Files.createTempDirectory("iobench-ddprop");
        try {
            byte[] data = new byte[c.inputBytes()];
            new Random(c.inputBytes()).nextBytes(data);
            Path in = Files.write(dir.resolve("in"), data);
            List<String> gnu = gnuDd(c.operands(in, dir.resolve("gnu")));
            List<String> args = new ArrayList<>(List.of("dd", "--sample-interval", "0"));
            args.addAll(c.operands(in, dir.resolve("our")));
            InProcessMain.Result ours = InProcessMain.run(args.toArray(String[]::new));
            assertThat(ours.status()).as(ours.err()).isZero();
            List<String> mine = ours.err().lines()
                    .filter(l -> !l.matches("(warning|context|note): .*|iobench: saved as run .*")).toList();
            assertThat(mine.subList(0, 2)).isEqualTo(gnu.subList(0, 2));
            assertThat(mine.get(2).substring(0, mine.get(2).indexOf(" copied,")))
                    .isEqualTo(gnu.get(2).substring(0, gnu.get(2).indexOf(" copied,")));
            if (!c.kind().equals("read")) {
                assertThat(Files.readAllBytes(dir.resolve("our"))).isEqualTo(Files.readAllBytes(dir.resolve("gnu")));
            }
        } finally {
            try (var files = Files.list(dir)) {
                for (Path p : files.toList()) {
                    Files.deleteIfExists(p);
                }
            }
            Files.deleteIfExists(dir);
        }
    }

    private static List<String> gnuDd(List<String> operands) throws Exception {
        List<String> cmd = new ArrayList<>(List.of("/usr/bin/dd"));
        cmd.addAll(operands);
        ProcessBuilder pb = new ProcessBuilder(cmd);
        pb.environment().put("LC_ALL", "C");
        Process p = pb.start();
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(err).isZero();
        return err.lines().toList();
    }
}
