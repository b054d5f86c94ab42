package org.iobench.job.fio;

import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Every option fio 3.33 knows (its {@code options.c}, the engines' and profiles' options of its HOWTO), by canonical
 * name, with its aliases, and how iobench treats it:
 * <ul>
 *   <li>{@link Kind#HONOURED}: iobench does what fio does (some values may still be refused, by the translator);</li>
 *   <li>{@link Kind#NO_EFFECT}: the option does nothing in fio for the file as iobench can run it (a tiobench
 *       profile option without {@code profile=}), or its fio meaning is iobench's only behaviour
 *       ({@code thread}: iobench's workers are threads);</li>
 *   <li>{@link Kind#MEASURED_ANYWAY}: turns off a measurement or statistic in fio ({@code gtod_reduce},
 *       {@code disable_lat}); the I/O is the same, iobench measures and reports it anyway and says so in a note;</li>
 *   <li>{@link Kind#REPORTING}: changes what is reported or logged, never the I/O; refused in strict mode,
 *       ignored with a warning under {@code --lenient};</li>
 *   <li>{@link Kind#CHANGES_IO}: changes the I/O performed or its conditions; refused in strict mode, and under
 *       {@code --lenient} the jobs it applies to are skipped.</li>
 * </ul>
 * A name fio does not know is an error in both modes (fio refuses the file too).
 */
final class FioOptionTable {
    enum Kind { HONOURED, NO_EFFECT, MEASURED_ANYWAY, REPORTING, CHANGES_IO }

    private static final Map<String, String> CANONICAL = new HashMap<>();
    private static final Map<String, Kind> KINDS = new HashMap<>();
    private static final Map<String, String> NOTES = new HashMap<>();

    static {
        alias("readwrite", "rw");
        alias("blocksize", "bs");
        alias("blocksize_range", "bsrange");
        alias("blockalign", "ba");
        alias("blocksize_unaligned", "bs_unaligned");
        alias("timeout", "runtime");
        alias("wait_for_previous", "stonewall");
        alias("io_limit", "io_size");
        alias("fill_fs", "fill_device");
        alias("fileoffset", "offset");
        alias("nr_files", "nrfiles");
        alias("iodepth_batch", "iodepth_batch_submit");
        alias("iodepth_batch_complete", "iodepth_batch_complete_min");
        alias("iomem", "mem");
        alias("mem_align", "iomem_align");
        alias("ratemin", "rate_min");
        alias("ratecycle", "rate_cycle");
        alias("disable_bw", "disable_bw_measurement");
        alias("ss", "steadystate");
        alias("ss_dur", "steadystate_duration");
        alias("ss_ramp", "steadystate_ramp_time");
        alias("proto", "protocol");

        kind(Kind.HONOURED, "name description rw rwmixread rwmixwrite bs bsrange size offset runtime time_based"
                + " ramp_time numjobs iodepth ioengine direct buffered sync fdatasync fsync end_fsync filename wait_for"
                + " fsync_on_close norandommap filename_format offset_increment randrepeat randseed"
                + " directory stonewall new_group group_reporting kb_base invalidate bssplit ba random_distribution"
                + " io_size loops number_ios fallocate overwrite write_bw_log write_lat_log write_iops_log"
                + " log_avg_msec log_max_value log_offset per_job_logs startdelay thinktime thinktime_blocks"
                + " thinktime_spin flow_id flow flow_sleep rate rate_iops rate_min rate_iops_min rate_cycle"
                + " filesize exitall exit_what verify do_verify rate_process steadystate steadystate_duration"
                + " steadystate_ramp_time zonemode zonesize zoneskip zonerange latency_target latency_window"
                + " latency_percentile latency_run max_latency cpuload cpumode cpuchunks fill_device program arguments grace_time std_redirect"
                + " prio prioclass cmdprio_percentage cmdprio_class cmdprio cmdprio_bssplit log_prio random_generator"
                + " log_compression log_store_compressed write_iolog");
        kind(Kind.NO_EFFECT, "thread threads device-names load test-duration threads-per-queue"
                + " read-req-num-512-blocks large-block-op-kbytes prep block numruns dir create_serialize"
                + " unique_filename allrandrepeat");
        kind(Kind.MEASURED_ANYWAY, "gtod_reduce gtod_cpu clocksource disable_lat disable_clat disable_slat"
                + " disable_bw_measurement stats disk_util clat_percentiles io_submit_mode");
        NOTES.put("io_submit_mode", "the I/O is fio's; iobench issues the requests from the job's own thread, as"
                + " fio's inline mode does");
        kind(Kind.REPORTING, "write_hist_log"
                + " log_entries log_hist_msec log_hist_coarseness"
                + " log_compression_cpus log_unix_epoch log_alternate_epoch"
                + " log_alternate_epoch_clock_id block_error_percentiles bwavgtime iopsavgtime"
                + " lat_percentiles slat_percentiles percentile_list significant_figures"
                + " unified_rw_reporting error_dump verify_dump unit_base");
        known("loops startdelay filename_format unique_filename opendir lockfile nrfiles openfiles"
                + " file_service_type ioscheduler create_serialize create_fsync create_on_open create_only"
                + " allow_file_create allow_mounted_write pre_read unlink unlink_each_loop zonemode zonerange"
                + " zonesize zonecapacity zoneskip read_beyond_wp max_open_zones job_max_open_zones"
                + " ignore_zone_limits zone_reset_threshold zone_reset_frequency atomic rw_sequencer randrepeat"
                + " allrandrepeat randseed fallocate fadvise_hint write_hint offset_align offset_increment number_ios"
                + " write_barrier sync_file_range overwrite random_distribution percentage_random"
                + " percentage_sequential softrandommap random_generator bssplit bs_unaligned"
                + " bs_is_seq_rand ba zero_buffers refill_buffers scramble_buffers buffer_compress_percentage"
                + " buffer_compress_chunk buffer_pattern dedupe_percentage dedupe_mode dedupe_working_set_percentage"
                + " dedupe_global mem iomem_align hugepage-size lockmem io_size filesize file_append fill_device"
                + " cmdprio_percentage cmdprio_class cmdprio cmdprio_bssplit fixedbufs nonvectored force_async"
                + " registerfiles sqthread_poll sqthread_poll_cpu cmd_type hipri userspace_reap hipri_percentage"
                + " nowait uncached cpuload cpuchunks cpumode exit_on_io_done namenode port hostname serverip"
                + " direct_write_to_pmem busy_wait_polling interface ttl nodelay protocol listen pingpong"
                + " window_size mss donorname inplace clustername rbdname clientname conf busy_poll touch_objects"
                + " pool cont chunk_size object_class skip_bad hdfsdirectory verb bindname stat_type readfua"
                + " writefua sg_write_mode stream_id http_host http_user http_pass https http_mode http_s3_region"
                + " http_s3_key http_s3_keyid http_s3_sse_customer_key http_s3_sse_customer_algorithm"
                + " http_s3_storage_class http_swift_auth_token http_verbose uri gpu_dev_ids gpu_dev_id cuda_io"
                + " nfs_url program arguments grace_time std_redirect xnvme_async xnvme_sync xnvme_admin"
                + " xnvme_dev_nsid xnvme_iovec iodepth_batch_submit iodepth_batch_complete_min"
                + " iodepth_batch_complete_max iodepth_low serialize_overlap io_submit_mode thinktime thinktime_spin"
                + " thinktime_blocks thinktime_blocks_type thinktime_iotime rate rate_min rate_iops rate_iops_min"
                + " rate_process rate_ignore_thinktime latency_target latency_window latency_percentile latency_run"
                + " max_latency rate_cycle rwmixcycle read_iolog read_iolog_chunked merge_blktrace_file"
                + " merge_blktrace_scalars merge_blktrace_iters replay_no_stall replay_time_scale replay_redirect"
                + " replay_align replay_scale replay_skip nice prio prioclass cpus_allowed"
                + " cpus_allowed_policy cpumask numa_cpu_nodes numa_mem_policy cgroup cgroup_weight cgroup_nodelete"
                + " flow_id flow flow_watermark flow_sleep exitall exit_what exitall_on_error exec_prerun"
                + " exec_postrun uid gid verify_only do_verify verify verify_offset verify_interval verify_pattern"
                + " verify_fatal verify_async verify_async_cpus verify_backlog verify_backlog_batch verifysort"
                + " verifysort_nr verify_state_save verify_state_load trim_percentage trim_verify_zero trim_backlog"
                + " trim_backlog_batch experimental_verify steadystate steadystate_duration steadystate_ramp_time"
                + " continue_on_error ignore_error profile");
    }

    private FioOptionTable() {}

    private static void alias(String alias, String canonical) {
        CANONICAL.put(alias, canonical);
    }

    /** Every option fio knows: those not given another kind above change the I/O. */
    private static void known(String names) {
        for (String n : names.split(" ")) {
            KINDS.putIfAbsent(n, Kind.CHANGES_IO);
            CANONICAL.putIfAbsent(n, n);
        }
    }

    private static void kind(Kind kind, String names) {
        for (String n : names.split(" ")) {
            if (KINDS.put(n, kind) != null) {
                throw new IllegalStateException("option listed twice: " + n);
            }
            CANONICAL.putIfAbsent(n, n);
        }
    }

    /** The canonical name of {@code key} (an alias resolved), or empty when fio does not know the option. */
    static Optional<String> canonical(String key) {
        return Optional.ofNullable(CANONICAL.get(key));
    }

    static Kind kind(String canonical) {
        return KINDS.get(canonical);
    }

    /** The note of a {@link Kind#MEASURED_ANYWAY} option. */
    static String note(String canonical) {
        return NOTES.getOrDefault(canonical, "the I/O is fio's; iobench still times every request and reports what"
                + " fio would leave out");
    }

    /** The options fio knows, canonical names (for tests and did-you-mean). */
    static Set<String> names() {
        return KINDS.keySet();
    }

    /** Which canonical options are honoured now (kept in one place for docs/jobfiles.md's table test). */
    static boolean honoured(String canonical) {
        return KINDS.get(canonical) == Kind.HONOURED;
    }

    /**
     * fio's options of type {@code FIO_OPT_STR_SET} (a bare flag: {@code time_based}, {@code group_reporting}): on
     * fio's command line they take no value, so the argument after one is not theirs.
     */
    private static final Set<String> FLAGS = Set.of("bs_unaligned", "norandommap", "time_based", "verify_only",
            "exitall", "exitall_on_error", "stonewall", "new_group", "thread", "group_reporting", "zero_buffers",
            "refill_buffers");

    /** Whether the canonical option is a bare flag on fio's command line ({@link #FLAGS}). */
    static boolean isFlag(String canonical) {
        return FLAGS.contains(canonical);
    }
}
