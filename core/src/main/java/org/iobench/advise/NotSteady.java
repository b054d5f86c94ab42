package org.iobench.advise;

import java.util.Optional;
import org.iobench.result.Finding;
import org.iobench.result.RunResult;
import org.iobench.result.SteadyOutcome;

/** A run with {@code --steady} whose time ran out before its own throughput settled. */
final class NotSteady implements Rule {

    @Override
    public boolean judgesStorage() {
        return false; // the job's own runs: true of any engine
    }

    @Override
    public Optional<Finding> check(Subject s) {
        return Evidence.perRun("not-steady", s, NotSteady::run);
    }

    private static Optional<Hit> run(Subject s, RunResult r) {
        SteadyOutcome o = r.extras().steady();
        if (o == null || o.reached()) {
            return Optional.empty();
        }
        double dev = o.windowMaxDeviation();
        String seen = Double.isNaN(dev) ? "only " + o.window().size() + " interval(s) measured, fewer than the"
                + " window"
                : Double.isInfinite(dev) ? "nothing completed in the last window"
                : "the last window's values deviated up to " + Evidence.pct(dev) + " from their mean";
        return Optional.of(Hit.warning("the run ended before steady state: its figures may still be moving"
                        + " (warm-up, caches filling, a device throttling or garbage-collecting)",
                seen + "; asked " + o.criterion().label(), fix(Fixes.of(s)), Finding.Confidence.CERTAIN));
    }

    private static String fix(Fixes say) {
        return "run longer" + say.longerTime().map(t -> " (" + t + ", the upper bound)").orElse("")
                + say.ramp().map(r -> ", add " + r).orElse("") + ", or precondition the device;"
                + " compare only steady runs";
    }
}
