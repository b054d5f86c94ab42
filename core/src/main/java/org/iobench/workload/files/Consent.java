package org.iobench.workload.files;

import java.nio.file.Path;
import org.iobench.catalog.EngineFlag;
import org.iobench.engine.Engines;
import org.iobench.job.InvalidJobException;
import org.iobench.job.JobSpec;
import org.iobench.sys.Errno;
import org.iobench.sys.FileLock;
import org.iobench.sys.SysException;
import org.iobench.sysmon.BlockDevice;
import org.iobench.sysmon.FileUse;
import org.iobench.sysmon.MountCheck;

/**
 * What a job that modifies its target (writes or trims) needs before anything is opened: the user's consent
 * ({@code --allow-overwrite}) for an existing file or a block device, and no other user of it (mounts, holders,
 * loop devices, swap); and, for a trim, an engine that can discard on that kind of target.
 */
record Consent(MountCheck mountCheck, FileUse fileUse) {

    /**
     * A trim job whose engine discards with {@code BLKDISCARD} (psync, libaio, uring) needs a block device: on a file
     * or a new file it is refused before anything is created or laid out, where fio lays the file out and then fails
     * the job with ENOTTY.
     */
    static void refuseTrimsOfFiles(JobSpec spec, Path given, boolean blockDevice) {
        if (!spec.workload().rw().trims() || spec.engine().has(EngineFlag.TRIMS_FILES)
                || spec.access().emulatedZones() != null) { // a trim of an emulated zone sends nothing (fio)
            return;
        }
        if (blockDevice) {
            return;
        }
        throw new InvalidJobException("--rw", spec.workload().rw(), "the " + spec.queue().engine() + " engine trims"
                + " with BLKDISCARD, which needs a block device, and " + given + " is not one"
                + Engines.installed().descriptions().stream().filter(d -> d.has(EngineFlag.TRIMS_FILES)).findFirst()
                        .map(d -> "; --engine " + d.name() + " punches holes in a file").orElse(""));
    }

    void blockDevice(JobSpec spec, Path device, BlockDevice dev) {
        if (spec.workload().rw().modifies()) {
            boolean writes = spec.workload().rw().writes();
            if (!spec.safety().allowOverwrite()) {
                throw new InvalidJobException("TARGET", device, (writes ? "writing to" : "trimming (discarding)")
                        + " a block device destroys its data; pass --allow-overwrite to consent");
            }
            mountCheck.whyBusy(dev).ifPresent(why -> {
                throw new InvalidJobException("TARGET", device, "refusing to " + (writes ? "write" : "trim") + ": "
                        + why);
            });
            for (BlockDevice under : mountCheck.backingDevices(dev)) {
                refuseHeld(device, under, writes);
            }
        }
    }

    /**
     * The kernel's own verdict on a device a write reaches under a loop device: an exclusive open, made and
     * released at once, fails with EBUSY while a filesystem, swap, device-mapper, md or another program holds it.
     */
    private static void refuseHeld(Path target, BlockDevice under, boolean writes) {
        try {
            FileLock.openExclusive(under.devicePath()).release();
        } catch (SysException e) {
            if (e.errno() == Errno.EBUSY) {
                throw new InvalidJobException("TARGET", target, "refusing to " + (writes ? "write" : "trim")
                        + ": the device under it, " + under.name() + " (" + under.devNumber() + "), is in use:"
                        + " an exclusive open of " + under.devicePath() + " fails with EBUSY (a mounted"
                        + " filesystem, swap, device-mapper, md or another program holds it)");
            }
            // no node to open (another mount namespace) or no permission: the checks above stand alone
        }
    }

    /**
     * @param ours the file is the scratch file iobench created in this process (same inode): a later job of a suite
     *             or a sweep rewrites it without consent, which no suite grants on the user's behalf
     */
    void existingFile(JobSpec spec, Path file, boolean ours) {
        boolean verifyOnly = spec.verification().fio() != null && spec.verification().fio().only(); // writes nothing
        if (!spec.workload().rw().modifies() || verifyOnly) {
            return;
        }
        if (!spec.safety().allowOverwrite() && !ours) {
            throw new InvalidJobException("TARGET", file, "exists and " + spec.workload().rw() + " would overwrite it;"
                    + " pass --allow-overwrite to consent, or name a new file or a directory");
        }
        fileUse.whyBusy(file).ifPresent(why -> {
            throw new InvalidJobException("TARGET", file, "refusing to "
                    + (spec.workload().rw().writes() ? "write" : "trim") + ": it " + why);
        });
    }
}
