package org.iobench.job;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The request sizes of one direction when they vary: a range ({@code bsrange=4k-16k}: sizes between the two, fio's
 * draw) or a split ({@code bssplit=4k/10:64k/50:32k/40}: each size with its share of the requests).
 *
 * @param minBytes the smallest request; also the unit of offsets and of the random map, as in fio
 * @param maxBytes the largest
 * @param split    the sizes and their shares, ascending by share (fio's order); empty for a range
 */
public record BlockSizeMix(long minBytes, long maxBytes, List<Share> split) {
    /** {@code percent} of the requests are {@code bytes} long. */
    public record Share(long bytes, int percent) {}

    public BlockSizeMix {
        split = List.copyOf(split);
        if (minBytes < 1 || maxBytes < minBytes) {
            throw new IllegalArgumentException("block sizes " + minBytes + ".." + maxBytes + " are not a range");
        }
    }

    public static BlockSizeMix fixed(long bytes) {
        return new BlockSizeMix(bytes, bytes, List.of());
    }

    public static BlockSizeMix range(long minBytes, long maxBytes) {
        return new BlockSizeMix(minBytes, maxBytes, List.of());
    }

    public boolean fixed() {
        return minBytes == maxBytes;
    }

    /**
     * fio's bssplit for one direction ({@code 64k/40:1024k/60}): a size without a share gets an equal part of what
     * the others leave; sizes with {@code kbBase}. Throws IllegalArgumentException saying what is wrong.
     */
    public static BlockSizeMix split(String text, int kbBase) {
        List<long[]> parts = new ArrayList<>();
        for (String s : text.split(":")) {
            if (s.isEmpty()) {
                break;
            }
            int slash = s.indexOf('/');
            long bytes = FioSizes.parse(slash < 0 ? s : s.substring(0, slash), kbBase);
            if (bytes < 1) {
                throw new IllegalArgumentException("'" + text + "': a block size of 0");
            }
            int percent = -1;
            if (slash >= 0 && !s.substring(slash + 1).isBlank()) {
                try {
                    percent = Math.min(100, Integer.parseInt(s.substring(slash + 1).strip()));
                } catch (NumberFormatException e) {
                    throw new IllegalArgumentException("'" + text + "': '" + s.substring(slash + 1)
                            + "' is not a percentage");
                }
                percent = percent == 0 ? -1 : percent;
            }
            parts.add(new long[] {bytes, percent});
        }
        if (parts.isEmpty()) {
            throw new IllegalArgumentException("'" + text + "': no block sizes");
        }
        long given = parts.stream().filter(p -> p[1] >= 0).mapToLong(p -> p[1]).sum();
        long missing = parts.stream().filter(p -> p[1] < 0).count();
        if (given > 100 && missing > 1) {
            throw new IllegalArgumentException("'" + text + "': the percentages add up to more than 100");
        }
        List<Share> shares = new ArrayList<>();
        for (long[] p : parts) {
            int percent = p[1] >= 0 ? (int) p[1]
                    : missing == 1 && parts.size() == 1 ? 100 : (int) ((100 - given) / missing);
            shares.add(new Share(p[0], percent));
        }
        shares.sort(Comparator.comparingInt(Share::percent));
        long min = shares.stream().mapToLong(Share::bytes).min().orElseThrow();
        long max = shares.stream().mapToLong(Share::bytes).max().orElseThrow();
        return new BlockSizeMix(min, max, shares);
    }
}
