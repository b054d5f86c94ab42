package org.iobench.job.fio;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.iobench.catalog.EngineFlag;
import org.iobench.job.AccessAdvice;
import org.iobench.job.InvalidJobException;
import org.iobench.job.Layout;
import org.iobench.job.RwMode;

/**
 * Every option fio 3.33 knows (its {@code options.c}, the engines' and profiles' options of its HOWTO), one
 * {@link FioOption} row each: its name and aliases, how iobench treats it, the values restating fio's default, and,
 * for the options iobench honours, the parser and the handler that applies it to the job being built (or the row
 * whose handler reads it). The translator runs the handlers in the table's order, so a row comes after the rows whose
 * results it uses ({@code iodepth} after {@code ioengine}, {@code fill_device} after {@code fallocate}). A name fio
 * does not know is an error in both modes (fio refuses the file too).
 *
 * <p>Adding an option is one row here: {@code honoured("name").def("fio's default").apply(parser, handler)} (or
 * {@code changesIo("name")} while iobench cannot do it, so that it is refused by name).
 */
final class FioOptions {
    /** fio's {@code rw=}: one of its patterns (a {@code :N} step suffix is read by the access part). */
    private static final FioOption.Parser<RwMode> RW = (o, s) -> RwMode.fio(s.value()).orElseThrow(
            () -> FioJobOptions.bad(s, "not an access pattern fio knows (read, write, randread, randwrite, rw,"
                    + " readwrite, randrw, trim, randtrim, trimwrite, randtrimwrite)"));
    private static final FioOption.Parser<FioSetting> SETTING = (o, s) -> s;
    private static final FioOption.Parser<Boolean> FLAG = FioOption.FLAG;
    private static final FioOption.Parser<Long> WHOLE = FioOption.WHOLE;
    private static final FioOption.Parser<Long> SECONDS = FioOption.SECONDS;
    private static final FioOption.Parser<String> TEXT = FioOption.TEXT;
    /** fio's {@code fadvise_hint}: one of its four values exactly as written (fio's match is case-sensitive). */
    private static final FioOption.Parser<String> FADVISE = (o, s) -> switch (s.value()) {
        case "0", "1", "random", "sequential" -> s.value();
        default -> throw FioJobOptions.bad(s, "failed parsing: fio's values are 0, 1, random and sequential");
    };

    /** fio's options as iobench runs them. */
    static final FioOptions STANDARD = new FioOptions(List.of(
            // what names the job and how sizes read
            honoured("name").readBy("the job (FioJobTranslator.Job): the section's name unless name= is set"),
            honoured("description").readBy("nobody: fio only prints it"),
            honoured("kb_base").readBy("FioJobOptions: the unit of every size"),
            // the pattern and the region
            honoured("rw").aliases("readwrite").def("read").apply(RW, FioJobTranslator::rw),
            honoured("rwmixread").step(FioJobTranslator::mix),
            honoured("rwmixwrite").readBy("rwmixread"),
            honoured("size").apply(SETTING, (job, s) -> FioJobTranslator.region(job, s)
                    .ifPresent(job.spec()::sizeBytes)),
            honoured("offset").aliases("fileoffset").apply(SETTING, (job, s) -> job.offset =
                    FioJobTranslator.region(job, s).orElse(0)),
            honoured("filesize").apply(TEXT, (job, v) -> {
                if (job.fileSize() > 0) {
                    job.spec().sizeBytes(job.fileSize()); // the file's size is the region; size= is the I/O in it
                }
            }),
            // request sizes, offsets and I/O limits (FioAccess)
            honoured("bs").aliases("blocksize").step(FioJobTranslator::access),
            honoured("bsrange").aliases("blocksize_range").readBy("bs"),
            honoured("bssplit").readBy("bs"),
            honoured("ba").aliases("blockalign").readBy("bs"),
            honoured("norandommap").bare().def("0").readBy("bs"),
            honoured("random_distribution").def("random").readBy("bs"),
            honoured("io_size").aliases("io_limit").readBy("bs"),
            honoured("loops").def("1").readBy("bs"),
            honoured("number_ios").def("0").readBy("bs"),
            honoured("zonemode").def("none").readBy("bs"),
            honoured("zonesize").readBy("bs"),
            honoured("zoneskip").readBy("bs"),
            honoured("zonerange").readBy("bs"),
            honoured("verify").def("0", "none").step(FioJobTranslator::verify),
            honoured("do_verify").def("1").readBy("verify"),
            honoured("verify_offset").readBy("verify"),
            honoured("verify_interval").readBy("verify"),
            honoured("verify_pattern").readBy("verify"),
            honoured("verify_fatal").def("0").readBy("verify"),
            honoured("verify_dump").def("0").readBy("verify"),
            honoured("verify_backlog").def("0").readBy("verify"),
            honoured("verify_backlog_batch").readBy("verify"),
            honoured("verify_only").bare().readBy("verify"),
            honoured("experimental_verify").def("0").readBy("verify"),
            honoured("verify_async").readBy("verify"),
            honoured("verify_state_save").readBy("verify"),
            honoured("verify_state_load").readBy("verify"),
            // time
            honoured("runtime").aliases("timeout").apply(SECONDS, (job, t) -> job.spec().timeNanos(t)),
            honoured("time_based").bare().def("0").apply(FLAG, FioJobTranslator::timeBased),
            honoured("ramp_time").apply(SECONDS, (job, t) -> job.spec().rampNanos(t)),
            honoured("steadystate").aliases("ss").def(FioSteady.DEFAULT).apply(SETTING, FioJobTranslator::steady),
            honoured("steadystate_duration").aliases("ss_dur").readBy("steadystate"),
            honoured("steadystate_ramp_time").aliases("ss_ramp").readBy("steadystate"),
            // the engine and its own options
            honoured("ioengine").step(FioJobTranslator::engine),
            honoured("prio").readBy("ioengine (FioPriorities)"),
            honoured("prioclass").readBy("ioengine (FioPriorities)"),
            honoured("cmdprio_percentage").def("0").readBy("ioengine (FioPriorities)"),
            honoured("cmdprio_class").readBy("ioengine (FioPriorities)"),
            honoured("cmdprio").readBy("ioengine (FioPriorities)"),
            honoured("cmdprio_bssplit").readBy("ioengine (FioPriorities)"),
            honoured("cpuload").readBy("ioengine (FioEngineWork)"),
            honoured("cpumode").readBy("ioengine (FioEngineWork)"),
            honoured("cpuchunks").readBy("ioengine (FioEngineWork)"),
            honoured("program").readBy("ioengine (FioEngineWork)"),
            honoured("arguments").readBy("ioengine (FioEngineWork)"),
            honoured("grace_time").readBy("ioengine (FioEngineWork)"),
            honoured("std_redirect").readBy("ioengine (FioEngineWork)"),
            honoured("iodepth").def("1").apply(WHOLE, FioJobTranslator::iodepth),
            honoured("iodepth_batch_submit").aliases("iodepth_batch").def("1").readBy("iodepth (FioSubmission)"),
            honoured("iodepth_batch_complete_min").aliases("iodepth_batch_complete").def("1")
                    .readBy("iodepth (FioSubmission)"),
            honoured("iodepth_batch_complete_max").readBy("iodepth (FioSubmission)"),
            honoured("registerfiles").bare().def("0").readBy("iodepth (FioSubmission)"),
            honoured("sqthread_poll").bare().def("0").readBy("iodepth (FioSubmission)"),
            honoured("sqthread_poll_cpu").readBy("iodepth (FioSubmission)"),
            honoured("hipri").bare().def("0").readBy("iodepth (FioSubmission)"),
            // the cache and syncs
            honoured("direct").def("0").apply(FLAG, (job, on) -> {
                if (on) {
                    job.spec().direct(true);
                }
            }),
            honoured("buffered").def("1").apply(FLAG, (job, on) -> {
                if (!on) {
                    job.spec().direct(true);
                }
            }),
            honoured("sync").apply(SETTING, FioJobTranslator::sync),
            honoured("fdatasync").step(FioJobTranslator::fsyncs),
            honoured("fsync").readBy("fdatasync"),
            honoured("end_fsync").readBy("fdatasync"),
            honoured("fsync_on_close").def("0").readBy("fdatasync"),
            honoured("invalidate").def("1").apply(FLAG, (job, on) -> job.spec().dropCache(on).dropCacheEachPass(on)),
            honoured("fadvise_hint").def("1").apply(FADVISE, (job, hint) -> job.spec().advice(switch (hint) {
                case "0" -> null;
                case "random" -> AccessAdvice.RANDOM;
                case "sequential" -> AccessAdvice.SEQUENTIAL;
                default -> AccessAdvice.of(job.rw); // 1: the job's pattern (ioengines.c td_io_open_file)
            })),
            // what the job leaves on disk
            honoured("fallocate").def("native").apply(FioJobTranslator::preallocate, (job, p) -> {
                job.preallocate = p;
                job.spec().layout(Layout.fio(job.options().flag("overwrite"), p));
            }),
            honoured("overwrite").def("0").readBy("fallocate"),
            honoured("fill_device").aliases("fill_fs").def("0").apply(FLAG, FioJobTranslator::fillDevice),
            honoured("write_bw_log").step(FioJobTranslator::logs),
            honoured("write_lat_log").readBy("write_bw_log"),
            honoured("write_iops_log").readBy("write_bw_log"),
            honoured("log_avg_msec").readBy("write_bw_log"),
            honoured("log_max_value").readBy("write_bw_log"),
            honoured("log_offset").def("0").readBy("write_bw_log"),
            honoured("per_job_logs").def("1").readBy("write_bw_log"),
            honoured("log_prio").def("0").readBy("write_bw_log"),
            // clones and their timing (FioSchedule)
            honoured("numjobs").def("1").apply(WHOLE, FioJobTranslator::numjobs),
            honoured("startdelay").def("0").step(FioJobTranslator::schedule),
            honoured("thinktime").def("0").readBy("startdelay"),
            honoured("thinktime_blocks").def("1").readBy("startdelay"),
            honoured("thinktime_spin").readBy("startdelay"),
            honoured("flow_id").def("0").readBy("startdelay"),
            honoured("flow").def("0").readBy("startdelay"),
            honoured("flow_sleep").readBy("startdelay"),
            honoured("rate").readBy("startdelay"),
            honoured("rate_iops").readBy("startdelay"),
            honoured("rate_min").aliases("ratemin").readBy("startdelay"),
            honoured("rate_iops_min").readBy("startdelay"),
            honoured("rate_cycle").aliases("ratecycle").readBy("startdelay"),
            honoured("rate_process").def("linear").readBy("startdelay"),
            honoured("exitall").bare().def("0").readBy("startdelay"),
            honoured("exit_what").readBy("startdelay"),
            honoured("latency_target").def("0").readBy("startdelay"),
            honoured("latency_window").readBy("startdelay"),
            honoured("latency_percentile").readBy("startdelay"),
            honoured("latency_run").readBy("startdelay"),
            honoured("max_latency").def("0").readBy("startdelay"),
            honoured("offset_increment").def("0").apply(SETTING, FioJobTranslator::offsetIncrement),
            // read when the clones are made and placed
            honoured("randseed").readBy("the job's seed (FioJobTranslator.Job.seed) and FioRandom"),
            honoured("randrepeat").def("1").readBy("the job's seed (FioJobTranslator.Job.seed) and FioRandom"),
            honoured("random_generator").def("tausworthe").readBy("the clones (FioRandom)"),
            honoured("filename").readBy("the clones' files (FioJobTranslator.target)"),
            honoured("allow_file_create").def("1").apply(FLAG, FioJobTranslator::allowFileCreate),
            honoured("directory").readBy("the clones' files (FioJobTranslator.target)"),
            honoured("filename_format").readBy("the clones' files (FioJobTranslator.target)"),
            honoured("stonewall").aliases("wait_for_previous").bare().def("0").readBy("the run order (FioJob)"),
            honoured("new_group").bare().def("0").readBy("the run order (FioJob)"),
            honoured("group_reporting").bare().def("0").readBy("the run order (FioJob)"),
            honoured("wait_for").readBy("the run order (FioJob)"),
            // no effect in fio for what iobench runs, or iobench's only behaviour
            noEffect("thread").bare(),
            noEffect("threads"),
            noEffect("device-names"),
            noEffect("load"),
            noEffect("test-duration"),
            noEffect("threads-per-queue"),
            noEffect("read-req-num-512-blocks"),
            noEffect("large-block-op-kbytes"),
            noEffect("prep"),
            noEffect("block"),
            noEffect("numruns"),
            noEffect("dir"),
            noEffect("create_serialize").def("1"),
            noEffect("unique_filename"),
            noEffect("allrandrepeat").def("0"),
            // turn off a measurement in fio: iobench measures anyway, with a note
            measured("gtod_reduce").def("0"),
            measured("gtod_cpu"),
            measured("clocksource"),
            measured("disable_lat").def("0"),
            measured("disable_clat").def("0"),
            measured("disable_slat").def("0"),
            measured("disable_bw_measurement").aliases("disable_bw").def("0"),
            measured("stats").def("1"),
            measured("disk_util").def("1"),
            honoured("clat_percentiles").def("1").readBy("the report (FioLatencyReport)"),
            measured("io_submit_mode").def("inline").note("the I/O is fio's; iobench issues the requests from the job's own thread, as"
                    + " fio's inline mode does"),
            // change only what fio reports or logs
            reporting("write_hist_log"),
            reporting("log_entries"),
            reporting("log_hist_msec"),
            reporting("log_hist_coarseness"),
            honoured("log_compression").readBy("write_bw_log"),
            reporting("log_compression_cpus"),
            honoured("log_store_compressed").def("0").readBy("write_bw_log"),
            reporting("log_unix_epoch").def("0"),
            reporting("log_alternate_epoch"),
            reporting("log_alternate_epoch_clock_id"),
            reporting("block_error_percentiles").def("0"),
            reporting("bwavgtime"),
            reporting("iopsavgtime"),
            honoured("lat_percentiles").def("0").readBy("the report (FioLatencyReport)"),
            honoured("slat_percentiles").def("0").readBy("the report (FioLatencyReport)"),
            honoured("percentile_list").readBy("the report (FioLatencyReport)"),
            honoured("significant_figures").def("4").readBy("the report (FioLatencyReport)"),
            honoured("unified_rw_reporting").def("none", "0").readBy("the report (FioLatencyReport)"),
            honoured("write_iolog").readBy("write_bw_log"),
            // a replayed log: the job's requests are the log's (FioIolog), whatever rw, bs and size say
            honoured("read_iolog").apply(SETTING, FioJobTranslator::replay),
            honoured("read_iolog_chunked").def("0").readBy("nobody: iobench holds a read log in compact arrays"),
            honoured("replay_no_stall").def("0").readBy("read_iolog (FioIolog)"),
            honoured("replay_time_scale").def("100").readBy("read_iolog (FioIolog)"),
            honoured("replay_redirect").readBy("read_iolog (FioIolog)"),
            honoured("replay_align").readBy("read_iolog (FioIolog)"),
            honoured("replay_scale").def("1").readBy("read_iolog (FioIolog)"),
            honoured("replay_skip").readBy("read_iolog (FioIolog): fio 3.33 applies it to blktrace replays only"),
            reporting("error_dump").def("0"),
            reporting("unit_base").def("0", "8"),
            // change the I/O in ways iobench does not do (nrfiles... are the file-operation engines' own)
            changesIo("opendir"),
            changesIo("lockfile"),
            honoured("nrfiles").aliases("nr_files").def("1").readBy("the job's files (FioFiles; FioFileOps for the"
                    + " file engines)"),
            honoured("openfiles").def("1").readBy("the job's files (FioFiles; FioFileOps for the file engines)"),
            honoured("file_service_type").def("roundrobin").readBy("the job's files (FioFiles)"),
            changesIo("ioscheduler"),
            changesIo("create_fsync").def("1"),
            changesIo("create_on_open").def("0").honouredWith(EngineFlag.WORKS_ON_FILES),
            changesIo("create_only").def("0"),
            changesIo("allow_mounted_write").def("0"),
            changesIo("pre_read").def("0"),
            changesIo("unlink").def("0").honouredWith(EngineFlag.WORKS_ON_FILES),
            changesIo("unlink_each_loop").def("0"),
            honoured("zonecapacity").def("0").readBy("bs"),
            honoured("read_beyond_wp").def("0").readBy("bs"),
            honoured("max_open_zones").def("0").readBy("bs"),
            honoured("job_max_open_zones").def("0").readBy("bs"),
            honoured("ignore_zone_limits").def("0").readBy("bs: a target that is not zoned has no limits to ignore"),
            honoured("zone_reset_threshold").readBy("bs"),
            honoured("zone_reset_frequency").readBy("bs"),
            changesIo("atomic"),
            changesIo("rw_sequencer"),
            changesIo("write_hint"),
            changesIo("offset_align").def("0"),
            changesIo("write_barrier"),
            changesIo("sync_file_range"),
            changesIo("percentage_random").def("100"),
            changesIo("percentage_sequential"),
            changesIo("softrandommap").def("0"),
            changesIo("bs_unaligned").aliases("blocksize_unaligned").bare().def("0"),
            changesIo("bs_is_seq_rand"),
            honoured("zero_buffers").bare().def("0").step(FioBufferOptions::apply),
            honoured("refill_buffers").bare().def("0").readBy("zero_buffers (FioBufferOptions)"),
            honoured("scramble_buffers").def("1").readBy("zero_buffers (FioBufferOptions)"),
            honoured("buffer_compress_percentage").def("0").readBy("zero_buffers (FioBufferOptions)"),
            honoured("buffer_compress_chunk").def("512").readBy("zero_buffers (FioBufferOptions)"),
            honoured("buffer_pattern").readBy("zero_buffers (FioBufferOptions)"),
            honoured("dedupe_percentage").def("0").readBy("zero_buffers (FioBufferOptions)"),
            honoured("dedupe_mode").def("repeat").readBy("zero_buffers (FioBufferOptions)"),
            honoured("dedupe_working_set_percentage").def("5").readBy("zero_buffers (FioBufferOptions)"),
            honoured("dedupe_global").def("0").readBy("zero_buffers (FioBufferOptions)"),
            changesIo("mem").aliases("iomem"),
            changesIo("iomem_align").aliases("mem_align"),
            changesIo("hugepage-size"),
            changesIo("lockmem"),
            changesIo("file_append").def("0"),
            changesIo("fixedbufs").def("0"),
            changesIo("nonvectored").def("0"),
            changesIo("force_async"),
            changesIo("cmd_type"),
            changesIo("userspace_reap").def("0"),
            changesIo("hipri_percentage"),
            changesIo("nowait").def("0"),
            changesIo("uncached"),
            changesIo("exit_on_io_done").def("0"),
            changesIo("namenode"),
            honoured("port").readBy("ioengine (FioNet)"),
            honoured("hostname").readBy("ioengine (FioNet)"),
            changesIo("serverip"),
            changesIo("direct_write_to_pmem"),
            changesIo("busy_wait_polling"),
            honoured("interface").readBy("ioengine (FioNet)"),
            honoured("ttl").def("1").readBy("ioengine (FioNet)"),
            honoured("nodelay").def("0").readBy("ioengine (FioNet)"),
            honoured("protocol").aliases("proto").def("tcp").readBy("ioengine (FioNet)"),
            honoured("listen").bare().readBy("ioengine (FioNet)"),
            honoured("pingpong").bare().readBy("ioengine (FioNet)"),
            honoured("window_size").readBy("ioengine (FioNet)"),
            honoured("mss").readBy("ioengine (FioNet)"),
            changesIo("donorname"),
            changesIo("inplace"),
            changesIo("clustername"),
            changesIo("rbdname"),
            changesIo("clientname"),
            changesIo("conf"),
            changesIo("busy_poll"),
            changesIo("touch_objects"),
            changesIo("pool"),
            changesIo("cont"),
            changesIo("chunk_size"),
            changesIo("object_class"),
            changesIo("skip_bad"),
            changesIo("hdfsdirectory"),
            changesIo("verb"),
            changesIo("bindname"),
            changesIo("stat_type").honouredWith(EngineFlag.WORKS_ON_FILES),
            changesIo("readfua"),
            changesIo("writefua"),
            changesIo("sg_write_mode"),
            changesIo("stream_id"),
            changesIo("http_host"),
            changesIo("http_user"),
            changesIo("http_pass"),
            changesIo("https"),
            changesIo("http_mode"),
            changesIo("http_s3_region"),
            changesIo("http_s3_key"),
            changesIo("http_s3_keyid"),
            changesIo("http_s3_sse_customer_key"),
            changesIo("http_s3_sse_customer_algorithm"),
            changesIo("http_s3_storage_class"),
            changesIo("http_swift_auth_token"),
            changesIo("http_verbose"),
            changesIo("uri"),
            changesIo("gpu_dev_ids"),
            changesIo("gpu_dev_id"),
            changesIo("cuda_io"),
            changesIo("nfs_url"),
            changesIo("xnvme_async"),
            changesIo("xnvme_sync"),
            changesIo("xnvme_admin"),
            changesIo("xnvme_dev_nsid"),
            changesIo("xnvme_iovec"),
            changesIo("iodepth_low"),
            changesIo("serialize_overlap"),
            changesIo("thinktime_blocks_type"),
            changesIo("thinktime_iotime"),
            changesIo("rate_ignore_thinktime").def("0"),
            changesIo("rwmixcycle"),
            changesIo("merge_blktrace_file"),
            changesIo("merge_blktrace_scalars"),
            changesIo("merge_blktrace_iters"),
            changesIo("nice").def("0"),
            changesIo("cpus_allowed"),
            changesIo("cpus_allowed_policy"),
            changesIo("cpumask"),
            changesIo("numa_cpu_nodes"),
            changesIo("numa_mem_policy"),
            changesIo("cgroup"),
            changesIo("cgroup_weight"),
            changesIo("cgroup_nodelete"),
            changesIo("flow_watermark"),
            changesIo("exitall_on_error").bare().def("0"),
            changesIo("exec_prerun"),
            changesIo("exec_postrun"),
            changesIo("uid"),
            changesIo("gid"),
            changesIo("verify_async_cpus"),
            changesIo("verifysort"),
            changesIo("verifysort_nr"),
            changesIo("trim_percentage").def("0"),
            changesIo("trim_verify_zero"),
            changesIo("trim_backlog"),
            changesIo("trim_backlog_batch"),
            changesIo("continue_on_error").def("none", "0"),
            changesIo("ignore_error"),
            changesIo("profile")
    ));

    private final List<FioOption<?>> rows;
    private final Map<String, FioOption<?>> byName = new HashMap<>();
    private final Map<String, String> canonical = new HashMap<>();

    /** A table of {@code rows}, run in their order; a name or alias given twice is refused. */
    FioOptions(List<FioOption<?>> rows) {
        this.rows = List.copyOf(rows);
        for (FioOption<?> r : this.rows) {
            byName.put(r.name(), r);
            r.names().forEach(n -> {
                if (canonical.put(n, r.name()) != null) {
                    throw new IllegalStateException("fio option named twice: " + n);
                }
            });
        }
    }

    /** This table and one more row, run after the others. */
    FioOptions with(FioOption<?> row) {
        List<FioOption<?>> more = new ArrayList<>(rows);
        more.add(row);
        return new FioOptions(more);
    }

    List<FioOption<?>> rows() {
        return rows;
    }

    /** The row of a canonical name. */
    FioOption<?> row(String name) {
        FioOption<?> r = byName.get(name);
        if (r == null) {
            throw new InvalidJobException("'" + name + "' is not a fio option");
        }
        return r;
    }

    /** The canonical name of {@code key} (an alias resolved), or empty when the table does not know it. */
    Optional<String> canonicalName(String key) {
        return Optional.ofNullable(canonical.get(key));
    }

    /** The canonical name of {@code key} among fio's options, or empty when fio does not know the option. */
    static Optional<String> canonical(String key) {
        return STANDARD.canonicalName(key);
    }

    /** Whether the canonical option is a bare flag on fio's command line ({@link FioOption#bareFlag()}). */
    static boolean isFlag(String canonical) {
        return STANDARD.byName.containsKey(canonical) && STANDARD.byName.get(canonical).bareFlag();
    }

    /** The options fio knows, canonical names (for tests and did-you-mean). */
    static Set<String> names() {
        return Set.copyOf(STANDARD.byName.keySet());
    }

    private static FioOption<Void> honoured(String name) {
        return FioOption.of(name, FioOption.Kind.HONOURED);
    }

    private static FioOption<Void> noEffect(String name) {
        return FioOption.of(name, FioOption.Kind.NO_EFFECT);
    }

    private static FioOption<Void> measured(String name) {
        return FioOption.of(name, FioOption.Kind.MEASURED_ANYWAY);
    }

    private static FioOption<Void> reporting(String name) {
        return FioOption.of(name, FioOption.Kind.REPORTING);
    }

    private static FioOption<Void> changesIo(String name) {
        return FioOption.of(name, FioOption.Kind.CHANGES_IO);
    }
}
