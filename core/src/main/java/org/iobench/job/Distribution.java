package org.iobench.job;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * How a random job spreads its requests over its region (fio's {@code random_distribution}): uniform, or skewed
 * ({@code zipf:THETA[:CENTER]}, {@code pareto:H[:CENTER]}, {@code normal:DEV%[:CENTER]}), or zoned (a share of the
 * requests to a share of the region, {@code zoned:60/10:30/20:8/30:2/40}; absolute zone sizes with
 * {@code zoned_abs}). A non-uniform distribution has no random map (fio turns it off too).
 *
 * @param value  zipf's theta, pareto's power, normal's deviation in percent; 0 for the others
 * @param center where the distribution is based, 0..1; -1 for fio's default
 * @param zones  the zones of {@code zoned}/{@code zoned_abs}, in region order
 */
public record Distribution(Kind kind, double value, double center, List<Zone> zones) {
    public enum Kind { RANDOM, ZIPF, PARETO, NORMAL, ZONED, ZONED_ABS }

    /**
     * One zone: {@code accessPercent} of the requests go to it; its size is {@code sizePercent} of the region
     * ({@code zoned}) or {@code sizeBytes} ({@code zoned_abs}).
     */
    public record Zone(int accessPercent, int sizePercent, long sizeBytes) {}

    public static final Distribution UNIFORM = new Distribution(Kind.RANDOM, 0, -1, List.of());

    public Distribution {
        zones = List.copyOf(zones);
    }

    public boolean uniform() {
        return kind == Kind.RANDOM;
    }

    /**
     * Parses fio's form for one direction ({@code zipf:0.5}, {@code zoned:50/5:30/15:20/}); sizes with
     * {@code kbBase}. Throws IllegalArgumentException saying what is wrong.
     */
    public static Distribution parse(String text, int kbBase) {
        String t = text.strip();
        int colon = t.indexOf(':');
        int eq = t.indexOf('=');
        int cut = colon < 0 ? eq : eq < 0 ? colon : Math.min(colon, eq);
        String name = (cut < 0 ? t : t.substring(0, cut)).toLowerCase(Locale.ROOT);
        String rest = cut < 0 ? "" : t.substring(cut + 1);
        return switch (name) {
            case "random" -> UNIFORM;
            case "zipf" -> skewed(Kind.ZIPF, rest, t);
            case "pareto" -> skewed(Kind.PARETO, rest, t);
            case "normal" -> skewed(Kind.NORMAL, rest, t);
            case "zoned" -> new Distribution(Kind.ZONED, 0, -1, zones(rest, false, kbBase, t));
            case "zoned_abs" -> new Distribution(Kind.ZONED_ABS, 0, -1, zones(rest, true, kbBase, t));
            default -> throw new IllegalArgumentException("'" + name + "' is not a distribution (random, zipf,"
                    + " pareto, normal, zoned, zoned_abs)");
        };
    }

    private static Distribution skewed(Kind kind, String rest, String text) {
        String[] parts = rest.split(":", -1);
        try {
            double value = Double.parseDouble(parts[0]);
            double center = parts.length > 1 ? Double.parseDouble(parts[1]) : -1;
            if (center != -1 && (center < 0 || center > 1)) {
                throw new IllegalArgumentException("'" + text + "': the center must be between 0 and 1");
            }
            switch (kind) {
                case ZIPF -> require(value > 0 && value != 1.0, text, "zipf's theta must be above 0 and not 1");
                case PARETO -> require(value > 0 && value < 1.0, text, "pareto's power must be between 0 and 1");
                default -> require(value >= 0 && value <= 100, text, "normal's deviation is 0..100 (percent)");
            }
            return new Distribution(kind, value, center, List.of());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("'" + text + "' needs a number after the ':' ("
                    + kind.name().toLowerCase(Locale.ROOT) + ":VALUE[:CENTER])");
        }
    }

    /** fio's zone list: a missing or 0 share is the remainder split evenly; access shares must add up to 100. */
    private static List<Zone> zones(String rest, boolean absolute, int kbBase, String text) {
        List<int[]> parsed = new ArrayList<>();
        List<Long> bytes = new ArrayList<>();
        for (String z : rest.split(":")) {
            if (z.isEmpty()) {
                break;
            }
            int slash = z.indexOf('/');
            String access = slash < 0 ? z : z.substring(0, slash);
            String size = slash < 0 ? "" : z.substring(slash + 1);
            int a;
            try {
                a = Integer.parseInt(access.strip());
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("'" + text + "': '" + access + "' is not a percentage");
            }
            if (absolute) {
                bytes.add(size.isBlank() ? 0 : FioSizes.parse(size, kbBase));
                parsed.add(new int[] {a, 0});
            } else {
                int s = size.isBlank() ? 0 : Math.min(100, Integer.parseInt(size.strip()));
                parsed.add(new int[] {a, s <= 0 ? -1 : s});
                bytes.add(0L);
            }
        }
        require(!parsed.isEmpty(), text, "no zones");
        int access = parsed.stream().mapToInt(p -> p[0]).sum();
        int sizes = parsed.stream().mapToInt(p -> Math.max(0, p[1])).sum();
        long missing = parsed.stream().filter(p -> p[1] < 0).count();
        require(access <= 100 && sizes <= 100, text, "the percentages add up to more than 100");
        require(access == 100, text, "the access percentages add up to " + access + ", not 100 (as fio"
                + " requires)");
        List<Zone> out = new ArrayList<>();
        for (int i = 0; i < parsed.size(); i++) {
            int[] p = parsed.get(i);
            int size = p[1] >= 0 ? p[1] : (int) ((100 - sizes) / missing);
            out.add(new Zone(p[0], absolute ? 0 : size, bytes.get(i)));
        }
        return out;
    }

    private static void require(boolean ok, String text, String why) {
        if (!ok) {
            throw new IllegalArgumentException("'" + text + "': " + why);
        }
    }
}
