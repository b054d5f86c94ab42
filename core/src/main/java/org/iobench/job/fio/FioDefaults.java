package org.iobench.job.fio;

import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * fio's default values of options iobench does not (yet) offer in other forms: a setting that only restates the
 * default ({@code loops=1}, {@code norandommap=0}, {@code unlink=0}) asks for nothing iobench lacks.
 */
final class FioDefaults {
    private static final Map<String, Set<String>> DEFAULTS = Map.ofEntries(
            Map.entry("loops", Set.of("1")), Map.entry("randrepeat", Set.of("1")),
            Map.entry("allrandrepeat", Set.of("0")), Map.entry("norandommap", Set.of("0")),
            Map.entry("softrandommap", Set.of("0")), Map.entry("unlink", Set.of("0")),
            Map.entry("unlink_each_loop", Set.of("0")), Map.entry("create_on_open", Set.of("0")),
            Map.entry("create_only", Set.of("0")), Map.entry("allow_file_create", Set.of("1")),
            Map.entry("allow_mounted_write", Set.of("0")), Map.entry("pre_read", Set.of("0")),
            Map.entry("do_verify", Set.of("1")), Map.entry("verify", Set.of("0", "none")),
            Map.entry("overwrite", Set.of("0")), Map.entry("exitall", Set.of("0")),
            Map.entry("exitall_on_error", Set.of("0")), Map.entry("stats", Set.of("1")),
            Map.entry("per_job_logs", Set.of("1")), Map.entry("zero_buffers", Set.of("0")),
            Map.entry("refill_buffers", Set.of("0")), Map.entry("startdelay", Set.of("0")),
            Map.entry("thinktime", Set.of("0")), Map.entry("continue_on_error", Set.of("none", "0")),
            Map.entry("fill_device", Set.of("0")), Map.entry("file_append", Set.of("0")),
            Map.entry("gtod_reduce", Set.of("0")), Map.entry("disable_lat", Set.of("0")),
            Map.entry("disable_clat", Set.of("0")), Map.entry("disable_slat", Set.of("0")),
            Map.entry("disable_bw_measurement", Set.of("0")), Map.entry("clat_percentiles", Set.of("1")),
            Map.entry("lat_percentiles", Set.of("0")), Map.entry("slat_percentiles", Set.of("0")),
            Map.entry("unified_rw_reporting", Set.of("none", "0")), Map.entry("nrfiles", Set.of("1")),
            Map.entry("openfiles", Set.of("1")),
            Map.entry("rate_process", Set.of("linear")), Map.entry("io_submit_mode", Set.of("inline")),
            Map.entry("file_service_type", Set.of("roundrobin")),
            Map.entry("random_generator", Set.of("tausworthe")),
            Map.entry("random_distribution", Set.of("random")), Map.entry("percentage_random", Set.of("100")),
            Map.entry("zonemode", Set.of("none")), Map.entry("fsync_on_close", Set.of("0")),
            Map.entry("log_offset", Set.of("0")), Map.entry("log_prio", Set.of("0")),
            Map.entry("cmdprio_percentage", Set.of("0")), Map.entry("flow", Set.of("0")),
            Map.entry("flow_id", Set.of("0")), Map.entry("exit_on_io_done", Set.of("0")),
            Map.entry("create_serialize", Set.of("1")), Map.entry("create_fsync", Set.of("1")),
            Map.entry("experimental_verify", Set.of("0")), Map.entry("verify_fatal", Set.of("0")),
            Map.entry("verify_dump", Set.of("0")), Map.entry("error_dump", Set.of("0")),
            Map.entry("log_unix_epoch", Set.of("0")), Map.entry("group_reporting", Set.of("0")),
            Map.entry("new_group", Set.of("0")), Map.entry("nice", Set.of("0")),
            Map.entry("hipri", Set.of("0")), Map.entry("fixedbufs", Set.of("0")),
            Map.entry("registerfiles", Set.of("0")), Map.entry("sqthread_poll", Set.of("0")),
            Map.entry("nonvectored", Set.of("0")), Map.entry("nowait", Set.of("0")),
            Map.entry("userspace_reap", Set.of("0")), Map.entry("thinktime_blocks", Set.of("1")),
            Map.entry("rate_ignore_thinktime", Set.of("0")), Map.entry("stonewall", Set.of("0")),
            Map.entry("time_based", Set.of("0")), Map.entry("scramble_buffers", Set.of("1")),
            Map.entry("unit_base", Set.of("0", "8")), Map.entry("disk_util", Set.of("1")),
            Map.entry("block_error_percentiles", Set.of("0")), Map.entry("log_store_compressed", Set.of("0")),
            Map.entry("offset_increment", Set.of("0")), Map.entry("offset_align", Set.of("0")),
            Map.entry("number_ios", Set.of("0")), Map.entry("bs_unaligned", Set.of("0")),
            Map.entry("dedupe_percentage", Set.of("0")), Map.entry("buffer_compress_percentage", Set.of("0")),
            Map.entry("trim_percentage", Set.of("0")), Map.entry("verify_backlog", Set.of("0")),
            Map.entry("latency_target", Set.of("0")), Map.entry("max_latency", Set.of("0")));

    private FioDefaults() {}

    /** True when {@code setting} restates fio's default for its option (booleans in any of fio's spellings). */
    static boolean restatesDefault(String canonical, FioSetting setting) {
        Set<String> d = DEFAULTS.get(canonical);
        if (d == null) {
            return false;
        }
        String v = setting.value().toLowerCase(Locale.ROOT);
        v = switch (v) {
            case "", "true", "yes", "on" -> "1";
            case "false", "no", "off" -> "0";
            default -> v;
        };
        return d.contains(v);
    }
}
