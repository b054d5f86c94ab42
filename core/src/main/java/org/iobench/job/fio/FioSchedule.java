package org.iobench.job.fio;

import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import org.iobench.job.DirectionRates;
import org.iobench.job.RateLimit;
import org.iobench.job.RwMode;
import org.iobench.job.Schedule;

/**
 * A job's timing options beyond runtime: {@code startdelay} (seconds; a range {@code 1-5} is drawn at random, as
 * fio draws it), {@code thinktime} (microseconds by default) every {@code thinktime_blocks} requests
 * ({@code thinktime_spin} is part of the pause), {@code flow_id}/{@code flow}/{@code flow_sleep} (microseconds),
 * {@code rate_min}/{@code rate_iops_min} over {@code rate_cycle} milliseconds; and its {@code rate}/{@code rate_iops}.
 *
 * @param rate the job's rate as reports show it, null: none (fio's pacing is the schedule's {@code rates})
 */
record FioSchedule(Schedule schedule, RateLimit rate) {

    static FioSchedule of(FioJobOptions o, RwMode rw, long seed, FioProblems problems,
                          List<FioProblems.Problem> blocking) {
        long delay = 0;
        FioSetting sd = o.setting("startdelay").orElse(null);
        if (sd != null) {
            String[] range = sd.value().split("-", -1);
            long low = o.nanosOf(sd, range[0], "s");
            long high = range.length > 1 ? o.nanosOf(sd, range[1], "s") : low;
            delay = high > low ? low + new SplittableRandom(seed).nextLong(high - low + 1) : low;
        }
        long think = o.has("thinktime") ? o.nanos("thinktime", "us") : 0;
        int blocks = (int) Math.max(1, o.number("thinktime_blocks", 1));
        if (o.has("thinktime_blocks_type") && !o.value("thinktime_blocks_type").orElseThrow().equals("complete")
                || o.has("thinktime_iotime")) {
            blocking.add(problems.unsupported(o.setting(o.has("thinktime_iotime") ? "thinktime_iotime"
                    : "thinktime_blocks_type").orElseThrow(), "not supported by iobench yet", true));
        }
        int flowId = (int) o.number("flow_id", 0);
        FioSetting flow = o.setting("flow").orElse(null);
        int weight = 0;
        if (flow != null) {
            try {
                weight = Integer.parseInt(flow.value());
            } catch (NumberFormatException e) {
                throw FioJobOptions.bad(flow, "'" + flow.value() + "' is not a whole number");
            }
            if (weight < 0) {
                blocking.add(problems.unsupported(flow, "a negative flow weight is not supported by iobench", true));
                weight = 0;
            }
        }
        long flowSleep = o.number("flow_sleep", 0) * 1000;
        long minBytes = perJob(o, "rate_min", rw, true);
        long minIops = perJob(o, "rate_iops_min", rw, false);
        long cycle = o.number("rate_cycle", 1000);
        Rates rates = rate(o, rw, problems, blocking);
        Schedule s = new Schedule(delay, think, blocks, flowId, weight, flowSleep, minBytes, minIops,
                Math.max(1, cycle), exitAll(o), poisson(o), !o.flag("time_based"), latency(o, rw), rates.paced());
        return new FioSchedule(s, rates.shown());
    }

    /**
     * {@code latency_target}, {@code latency_window}, {@code latency_percentile} (100 by default),
     * {@code latency_run}, {@code max_latency} (per direction: the directions the job does must agree); times in
     * microseconds by default.
     */
    private static Schedule.LatencyGoal latency(FioJobOptions o, RwMode rw) {
        long target = o.has("latency_target") ? o.nanos("latency_target", "us") : 0;
        long window = o.has("latency_window") ? o.nanos("latency_window", "us") : 0;
        double pct = 100;
        FioSetting p = o.setting("latency_percentile").orElse(null);
        if (p != null) {
            try {
                pct = Double.parseDouble(p.value());
            } catch (NumberFormatException e) {
                throw FioJobOptions.bad(p, "'" + p.value() + "' is not a percentage");
            }
        }
        if (target > 0 && window <= 0) {
            throw FioJobOptions.bad(o.setting("latency_target").orElseThrow(), "needs latency_window= (fio's too)");
        }
        long max = 0;
        FioSetting m = o.setting("max_latency").orElse(null);
        if (m != null) {
            String[] d = FioJobOptions.perDirection(m.value(), "0");
            long read = o.nanosOf(m, d[0], "us");
            long write = o.nanosOf(m, d[1], "us");
            max = rw.reads() && rw.writes() ? Math.min(nonZero(read), nonZero(write))
                    : rw.writes() ? write : read;
            max = max == Long.MAX_VALUE ? 0 : max;
        }
        return new Schedule.LatencyGoal(target, window, pct, o.flag("latency_run"), max);
    }

    private static long nonZero(long v) {
        return v == 0 ? Long.MAX_VALUE : v;
    }

    /** {@code rate_process}: {@code linear} (fio's default) or {@code poisson}. */
    private static boolean poisson(FioJobOptions o) {
        FioSetting s = o.setting("rate_process").orElse(null);
        if (s == null) {
            return false;
        }
        return switch (s.value().toLowerCase(Locale.ROOT)) {
            case "linear" -> false;
            case "poisson" -> true;
            default -> throw FioJobOptions.bad(s, "must be linear or poisson");
        };
    }

    /** {@code exitall} with {@code exit_what}: group and stonewall end the stage's jobs, all the rest too. */
    private static Schedule.ExitAll exitAll(FioJobOptions o) {
        if (!o.flag("exitall")) {
            return Schedule.ExitAll.NONE;
        }
        String what = o.value("exit_what").orElse("group").toLowerCase(Locale.ROOT);
        return switch (what) {
            case "group" -> Schedule.ExitAll.GROUP;
            case "stonewall" -> Schedule.ExitAll.STONEWALL;
            case "all" -> Schedule.ExitAll.ALL;
            default -> throw FioJobOptions.bad(o.setting("exit_what").orElseThrow(), "must be group, stonewall or"
                    + " all");
        };
    }

    /** fio's per-direction rate value for the directions the job does; 0 when none. */
    private static long perJob(FioJobOptions o, String key, RwMode rw, boolean bytes) {
        FioSetting s = o.setting(key).orElse(null);
        if (s == null) {
            return 0;
        }
        String[] d = FioJobOptions.perDirection(s.value(), "0");
        long read = bytes ? o.size(s, d[0]) : number(s, d[0]);
        long write = bytes ? o.size(s, d[1]) : number(s, d[1]);
        return rw.reads() && rw.writes() ? read + write : rw.writes() ? write : read;
    }

    private static long number(FioSetting s, String text) {
        try {
            return Long.parseLong(text.strip());
        } catch (NumberFormatException e) {
            throw FioJobOptions.bad(s, "'" + text + "' is not a whole number");
        }
    }

    /**
     * {@code rate}/{@code rate_iops} per direction, as fio keeps them ({@code read,write}: one value for both): fio
     * paces each direction by its own next issue time and turns a mixed job's direction by them
     * ({@link DirectionRates}). The rate reports show is what the job can do at most: the sum of the directions it
     * does (a mixed job's directions with a share), or none where one of them has no rate (it runs unthrottled).
     * A direction the job does not do keeps no rate (fio's verify phase reads unpaced).
     */
    private static Rates rate(FioJobOptions o, RwMode rw, FioProblems problems,
                              List<FioProblems.Problem> blocking) {
        boolean iops = o.has("rate_iops");
        String key = iops ? "rate_iops" : "rate";
        FioSetting s = o.setting(key).orElse(null);
        if (s == null) {
            return new Rates(null, null);
        }
        if (o.has("rate") && o.has("rate_iops")) {
            blocking.add(problems.unsupported(s, "rate and rate_iops together are not supported by iobench", true));
        }
        String[] d = FioJobOptions.perDirection(s.value(), "0");
        long read = iops ? number(s, d[0]) : o.size(s, d[0]);
        long write = iops ? number(s, d[1]) : o.size(s, d[1]);
        boolean mixed = rw.reads() && rw.writes();
        int readShare = (int) o.number("rwmixread", o.has("rwmixwrite") ? 100 - o.number("rwmixwrite", 50) : 50);
        boolean reads = rw.reads() && (!mixed || readShare > 0);
        boolean writes = rw.writes() && (!mixed || readShare < 100);
        read = rw.reads() ? read : 0;
        write = rw.writes() ? write : 0;
        if (read == 0 && write == 0) {
            return new Rates(null, null); // no cap on the directions the job does
        }
        DirectionRates rates = new DirectionRates(iops, read, write, poisson(o), 0, 0,
                !"offload".equalsIgnoreCase(o.value("io_submit_mode").orElse("inline").strip()));
        if (reads && read == 0 || writes && write == 0) {
            return new Rates(null, rates);
        }
        double total = (reads ? read : 0) + (writes ? write : 0);
        return new Rates(iops ? RateLimit.iops(total) : RateLimit.bytesPerSecond(total), rates);
    }

    /** The job's rate as reports show it (null: uncapped) and as fio paces it (null: none). */
    record Rates(RateLimit shown, DirectionRates paced) {}

    /**
     * {@code rates} for fio's thread {@code threadNumber} (a clone): its Poisson generators start from its
     * {@code rand_seeds[FIO_RAND_POISSON_OFF]} and {@code [FIO_RAND_POISSON2_OFF]}, as fio's td_fill_rand_seeds.
     */
    static DirectionRates forThread(DirectionRates rates, FioJobOptions o, int threadNumber) {
        if (rates == null || !rates.poisson()) {
            return rates;
        }
        return new DirectionRates(rates.countsRequests(), rates.read(), rates.write(), true,
                FioRandom.seed(o, threadNumber, FioRandom.FIO_RAND_POISSON_OFF),
                FioRandom.seed(o, threadNumber, FioRandom.FIO_RAND_POISSON2_OFF), rates.quiesce());
    }
}
