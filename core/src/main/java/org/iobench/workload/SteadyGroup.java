package org.iobench.workload;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import org.iobench.result.SteadyOutcome;

/**
 * The jobs of one reporting group whose steady state is judged together in one run (fio's {@code group_reporting}):
 * each job joins before the group's start gate; after it, one of them (the first to ask) watches all, adding their
 * rates up as fio does, and ends the whole group once steady; every job's result carries the group's outcome.
 */
final class SteadyGroup {
    private final List<SteadyWatch.Member> members = new CopyOnWriteArrayList<>();
    private final AtomicBoolean judged = new AtomicBoolean();
    private final CompletableFuture<SteadyOutcome> outcome = new CompletableFuture<>();

    /** A job of the group, before the start gate. */
    void join(SteadyWatch.Member member) {
        members.add(member);
    }

    /** True for the one job that watches the group (the first to ask); the others {@link #await} its outcome. */
    boolean claimWatch() {
        return judged.compareAndSet(false, true);
    }

    /** Every job that joined (all of them, once past the start gate). */
    List<SteadyWatch.Member> members() {
        return List.copyOf(members);
    }

    /** The watcher's outcome, or null when it stopped without one (its run failed). */
    void publish(SteadyOutcome o) {
        outcome.complete(o);
    }

    /** The group's outcome, once its watcher published it; null when no job watched (none got that far). */
    SteadyOutcome await() {
        return judged.get() ? outcome.join() : null;
    }
}
