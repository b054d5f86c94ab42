package org.iobench.advise;

import java.util.List;
import java.util.Optional;
import org.iobench.job.Dialect;
import org.iobench.result.BenchmarkResult;
import org.iobench.result.Finding;
import org.iobench.result.RunResult;

/** {@link DeviceShared} for a parallel group: the device against everything its jobs' workers caused together. */
final class GroupDeviceShared implements GroupRule {

    @Override
    public Optional<Finding> check(String name, List<BenchmarkResult> group, Dialect dialect) {
        return GroupRuns.perRun("device-shared", name, group,
                runs -> SharedDevice.of(runs, "the group's " + group.size() + " jobs"));
    }
}
