package org.iobench.job.fio;

import org.iobench.catalog.EngineCatalog;
import org.iobench.catalog.EngineFlag;
import org.iobench.job.JobSpec;
import org.iobench.job.Submission;

/**
 * fio's batching and io_uring queue options, read after {@code iodepth} (fio's {@code fixup_options} and its io_uring
 * engine's init): {@code iodepth_batch_submit} (0 or above iodepth: iodepth), {@code iodepth_batch_complete_min} and
 * {@code _max} (max below min: min; both 0: fio's polling mode; a file that sets neither reaps iobench's way, one
 * awaited and all that are ready taken: the device sees the same depth, and the run's record is a plain job's), {@code registerfiles}, {@code sqthread_poll} (which
 * registers the files, as fio's engine does), {@code sqthread_poll_cpu} (only with {@code sqthread_poll}) and
 * {@code hipri} (direct I/O only: fio's requests would all fail with EOPNOTSUPP). The queue options are refused with
 * an engine that cannot do them; the reaping options of a synchronous engine, which fio never reaps, do nothing
 * (with a warning).
 */
final class FioSubmission {
    private FioSubmission() {}

    static void apply(FioJobTranslator.Job job, int depth) {
        FioJobOptions o = job.options();
        JobSpec.Builder b = job.spec();
        long batch = o.number("iodepth_batch_submit", 1);
        b.batch((int) (batch == 0 || batch > depth ? depth : batch));
        Submission s = b.submission();
        if (job.engine.has(EngineFlag.SYNC)) {
            // each request completes inside its call: fio never reaps, and neither does the worker
            for (String name : new String[] {"iodepth_batch_complete_min", "iodepth_batch_complete_max"}) {
                o.setting(name).ifPresent(set -> job.warnings().add(set.where() + ": " + name + " with a synchronous"
                        + " engine does nothing, as in fio"));
            }
        } else if (o.has("iodepth_batch_complete_min") || o.has("iodepth_batch_complete_max")) {
            int min = (int) o.number("iodepth_batch_complete_min", 1);
            int max = (int) o.number("iodepth_batch_complete_max", 0);
            if (min > max) {
                max = min;
            }
            boolean polling = min == 0 && max == 0;
            // fio caps what it waits for and takes at the requests in flight, so depth is the most either can be.
            s = s.withReaping(Math.min(min, depth), Math.min(max, depth), polling);
        }
        boolean registered = flag(job, "registerfiles", EngineFlag.REGISTERED_FILES);
        boolean thread = flag(job, "sqthread_poll", EngineFlag.SUBMISSION_THREAD);
        int cpu = -1;
        if (o.has("sqthread_poll_cpu")) {
            if (thread) {
                cpu = (int) o.number(o.setting("sqthread_poll_cpu").orElseThrow());
            } else {
                job.warnings().add(o.setting("sqthread_poll_cpu").orElseThrow().where()
                        + ": sqthread_poll_cpu without sqthread_poll=1 does nothing, as in fio");
            }
        }
        boolean hipri = flag(job, "hipri", EngineFlag.POLLED_COMPLETIONS);
        if (hipri && !o.flag("direct", false) && o.flag("buffered", true)) {
            throw FioJobOptions.bad(o.setting("hipri").orElseThrow(), "polled completions need direct=1 (fio's"
                    + " io_uring fails every buffered request of such a job with EOPNOTSUPP)");
        }
        b.submission(s.withRegisterFiles(registered || thread).withSubmitThread(thread, cpu)
                .withPolledCompletions(hipri));
    }

    /** {@code name}'s boolean; set to true with an engine that lacks {@code needs}: refused, as fio refuses it. */
    private static boolean flag(FioJobTranslator.Job job, String name, EngineFlag needs) {
        FioJobOptions o = job.options();
        if (!o.has(name) || !o.flag(name)) {
            return false;
        }
        if (!job.engine.has(needs)) {
            throw FioJobOptions.bad(o.setting(name).orElseThrow(), "an option of the "
                    + EngineCatalog.names(EngineCatalog.installed().with(needs), "and") + " engine, and the job's"
                    + " ioengine is " + o.value("ioengine").orElse(FioEngines.standard().name())
                    + " (fio refuses it too)");
        }
        return true;
    }
}
