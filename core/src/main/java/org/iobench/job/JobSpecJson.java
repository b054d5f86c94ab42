package org.iobench.job;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.nio.file.Path;

/**
 * The JSON form of a {@link JobSpec}, flat as formatVersion 1 has always written it ({@code job} in
 * docs/json-format.md): the parts' fields side by side, in this order. Users' scripts, stored runs and golden files
 * read it; a field added here is added at the end. {@code access} is written only for a job that has one
 * ({@link Access#DEFAULT} is left out, so plain jobs read as they always did), and so are {@code layout}, {@code logs}, {@code schedule}, {@code priorities}, {@code submission}, {@code replay} and {@code net};
 * {@code dropCacheEachPass} only when true, {@code fadvise} only when the job announces a pattern.
 */
record JobSpecJson(
        String name, Path target, RwMode rw, int mixReadPercent, long blockSize, long sizeBytes, long offsetBytes,
        long timeNanos, long rampNanos, int threads, int iodepth, int batch, String engine, boolean fixedBuffers,
        boolean direct, SyncMode sync, int fsyncEvery, int runs, boolean dropCache, DataPattern pattern,
        boolean allowOverwrite, boolean keep, long seed, String series, String group, Path source,
        long sourceOffsetBytes, boolean truncate, boolean exactSize, boolean loopRegion, VerifyChecksum verify,
        boolean verifyAfter, RateLimit rate, SteadyCriterion steady,
        @JsonInclude(JsonInclude.Include.NON_NULL) Access access,
        @JsonInclude(JsonInclude.Include.NON_NULL) Layout layout,
        @JsonInclude(JsonInclude.Include.NON_NULL) LogSpec logs,
        @JsonInclude(JsonInclude.Include.NON_NULL) Schedule schedule,
        @JsonInclude(JsonInclude.Include.NON_NULL) CpuBurn burn,
        @JsonInclude(JsonInclude.Include.NON_NULL) ExecProgram program,
        @JsonInclude(JsonInclude.Include.NON_NULL) Priorities priorities,
        @JsonInclude(JsonInclude.Include.NON_NULL) FileOps fileOps,
        @JsonInclude(JsonInclude.Include.NON_NULL) Submission submission,
        @JsonInclude(JsonInclude.Include.NON_DEFAULT) boolean dropCacheEachPass,
        @JsonInclude(JsonInclude.Include.NON_NULL) Replay replay,
        @JsonInclude(JsonInclude.Include.NON_NULL) NetLink net,
        @JsonInclude(JsonInclude.Include.NON_NULL) JobFiles files,
        @JsonInclude(JsonInclude.Include.NON_NULL) AccessAdvice fadvise) {

    static JobSpecJson of(JobSpec s) {
        Workload w = s.workload();
        Timing t = s.timing();
        Queue q = s.queue();
        Durability d = s.durability();
        return new JobSpecJson(s.name(), s.target(), w.rw(), w.mixReadPercent(), w.blockSize(), w.sizeBytes(),
                w.offsetBytes(), t.timeNanos(), t.rampNanos(), q.threads(), q.iodepth(), q.batch(), q.engine(),
                q.fixedBuffers(), d.direct(), d.sync(), d.fsyncEvery(), t.runs(), d.dropCache(), w.pattern(),
                s.safety().allowOverwrite(), s.safety().keep(), w.seed(), s.grouping().series(),
                s.grouping().group(), s.copy().source(), s.copy().sourceOffsetBytes(), s.safety().truncate(),
                w.exactSize(), t.loopRegion(), s.verification().checksum(), s.verification().after(), t.rate(),
                t.steady(), s.access().isDefault() ? null : s.access(), s.layout().isDefault() ? null : s.layout(),
                s.logs(), s.schedule().isNone() ? null : s.schedule(), s.burn(),
                s.program(), s.priorities(), s.fileOps(), q.submission().isDefault() ? null : q.submission(),
                d.dropCacheEachPass(), s.replay(), s.net(), s.files(), d.advice());
    }

    JobSpec toSpec() {
        return new JobSpec(name, target, new Workload(rw, mixReadPercent, blockSize, sizeBytes, offsetBytes, pattern,
                seed, exactSize), new Timing(timeNanos, rampNanos, runs, loopRegion, rate, steady),
                new Queue(threads, iodepth, batch, engine, fixedBuffers, null, submission),
                new Durability(direct, sync, fsyncEvery, dropCache, dropCacheEachPass, fadvise), new Safety(allowOverwrite, keep, truncate),
                source == null && sourceOffsetBytes == 0 ? Copy.NONE : new Copy(source, sourceOffsetBytes),
                new Verification(verify, verifyAfter), new Grouping(series, group), access, layout, logs, schedule, burn,
                program, priorities, fileOps, replay, net, null, files);
    }
}
