package org.iobench.search;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Concludes a search again from its stored steps: the search itself ({@link SaturationSearch} or
 * {@link LatencySearch} with {@link SaturationRules#DEFAULT}, as {@code saturate} runs them) is run over a measurer
 * that answers each setting it asks with the step stored for it. The knee, the best setting and why it stopped are
 * therefore the ones the search printed, decided by the same code; nothing is re-estimated.
 *
 * <p>It succeeds only when the search asks exactly the stored steps: a step missing (deleted, or the search was
 * stopped before saving), a step more, or another target than the stored one make it fail rather than conclude
 * something the search did not. Where {@code --max} and {@code --refine} were is not stored; the replay takes the
 * highest level stored as the limit (the search stopped there, or below it for a reason the steps show) and tries
 * each number of refining steps.
 */
public final class SearchReplay {
    /** Refining steps tried ({@code saturate --refine} allows 0..20). */
    private static final int MAX_REFINE = 20;

    private SearchReplay() {}

    /**
     * @param axis     what the search raised
     * @param target   the latency target, or null for a saturation search
     * @param measured the steps, in the order measured
     * @return the curve, or empty when the steps are not the whole of such a search
     */
    public static Optional<Curve> of(Axis axis, LatencyTarget target, List<Point> measured) {
        if (measured.isEmpty()) {
            return Optional.empty();
        }
        Setting start = measured.getFirst().setting().withRate(0);
        int max = 1;
        for (Point p : measured) {
            if (axis == Axis.THREADS || axis == Axis.AUTO) {
                max = Math.max(max, p.setting().threads());
            }
            if (axis == Axis.IODEPTH || axis == Axis.AUTO) {
                max = Math.max(max, p.setting().iodepth());
            }
        }
        if (target == null) {
            if (axis == Axis.RATE) {
                return Optional.empty(); // a rate is searched only against a target
            }
            Stored stored = new Stored(measured);
            int top = max;
            return stored.conclude(() -> new SaturationSearch(stored, SaturationRules.DEFAULT).run(start, axis, top));
        }
        if (axis == Axis.AUTO) {
            return Optional.empty();
        }
        for (int refine = 0; refine <= MAX_REFINE; refine++) {
            Stored stored = new Stored(measured);
            int top = max;
            int r = refine;
            Optional<Curve> c = stored.conclude(() -> new LatencySearch(stored, SaturationRules.DEFAULT, r)
                    .run(start, axis, top, target));
            if (c.isPresent()) {
                return c;
            }
        }
        return Optional.empty();
    }

    /** Thrown into the search when it asks a setting no step was stored for. */
    private static final class NotStored extends IOException {
        NotStored() {
            super("no step stored for this setting");
        }
    }

    @FunctionalInterface
    private interface Run {
        Curve run() throws IOException;
    }

    /** The stored steps as a measurer: each answers once, the setting it was measured at. */
    private static final class Stored implements PointMeasurer {
        private final List<Point> left;
        private final int count;

        Stored(List<Point> measured) {
            this.left = new ArrayList<>(measured);
            this.count = measured.size();
        }

        @Override
        public Point measure(Setting s) throws NotStored {
            for (int i = 0; i < left.size(); i++) {
                if (same(left.get(i).setting(), s)) {
                    return left.remove(i);
                }
            }
            throw new NotStored();
        }

        /** The curve when the search asked every stored step once and nothing else. */
        Optional<Curve> conclude(Run search) {
            try {
                Curve c = search.run();
                return left.isEmpty() && c.points().size() == count ? Optional.of(c) : Optional.empty();
            } catch (IOException e) {
                return Optional.empty();
            }
        }

        private static boolean same(Setting a, Setting b) {
            if (a.threads() != b.threads() || a.iodepth() != b.iodepth()) {
                return false;
            }
            double x = a.rateOpsPerSecond();
            double y = b.rateOpsPerSecond();
            return x == y || Math.abs(x - y) <= 1e-9 * Math.max(Math.abs(x), Math.abs(y));
        }
    }
}
