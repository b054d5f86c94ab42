package org.iobench.advise;

import java.util.List;
import java.util.Optional;
import org.iobench.result.Finding;

/**
 * Context, not blame: during a job's measured window the device read or wrote notably more than the job's workers
 * caused (their own {@code read_bytes}/{@code write_bytes}): at least {@link Rules#SHARED_DEVICE_SHARE} of the job's
 * bytes and {@link Rules#SHARED_DEVICE_FLOOR_BYTES}. Jobs of a parallel group are judged together
 * ({@link GroupDeviceShared}).
 */
final class DeviceShared implements Rule {

    @Override
    public Optional<Finding> check(Subject s) {
        if (s.inGroup()) {
            return Optional.empty();
        }
        return Evidence.perRun("device-shared", s, (subject, r) -> SharedDevice.of(List.of(r), "this job"));
    }
}
