package org.iobench.job;

/**
 * fio 3.33's {@code zonemode=zbd} on a target that is no zoned block device (a regular file, a plain block device):
 * fio's {@code init_zone_info} cuts it into zones of {@code zonesize} bytes from byte 0, each with a write pointer
 * kept in memory, starting empty; writes go to the write pointer of their zone, a full zone is reset (on such a
 * target only the pointer goes back: no data is touched) and reads stay below the write pointer unless
 * {@code read_beyond_wp}. The pointers are shared by every job of one run on the same file, as fio shares them.
 *
 * @param zoneBytes       {@code zonesize}: at least 512
 * @param capacityBytes   {@code zonecapacity}: the bytes of a zone that can be written, at most the zone's size
 * @param maxOpenZones    {@code max_open_zones}: zones written at once on the file; 0: no limit
 * @param jobMaxOpenZones {@code job_max_open_zones}: zones one job writes at once; 0: no limit of its own
 * @param readBeyondWp    {@code read_beyond_wp}: reads go where they were drawn, written or not
 * @param resetThreshold  {@code zone_reset_threshold}: the share of the job's region holding data above which
 *                        {@code zone_reset_frequency} resets zones, 0..1
 * @param resetFrequency  {@code zone_reset_frequency}: one write in 1/f resets its zone first once past the
 *                        threshold, 0..1; 0: never
 */
public record EmulatedZones(long zoneBytes, long capacityBytes, int maxOpenZones, int jobMaxOpenZones,
                            boolean readBeyondWp, double resetThreshold, double resetFrequency) {
    /** fio's {@code ZBD_MAX_OPEN_ZONES}. */
    public static final int MAX_OPEN_ZONES = 4096;

    public EmulatedZones {
        if (zoneBytes < 512) {
            throw new InvalidJobException("zonesize", zoneBytes, "must be at least 512 bytes with zonemode=zbd");
        }
        if (capacityBytes <= 0 || capacityBytes > zoneBytes) {
            throw new InvalidJobException("zonecapacity", capacityBytes, "must be 1.." + zoneBytes
                    + " (the zone size)");
        }
        if (maxOpenZones < 0 || maxOpenZones > MAX_OPEN_ZONES || jobMaxOpenZones < 0
                || jobMaxOpenZones > MAX_OPEN_ZONES) {
            throw new InvalidJobException("max_open_zones", maxOpenZones < 0 || maxOpenZones > MAX_OPEN_ZONES
                    ? maxOpenZones : jobMaxOpenZones, "must be 0.." + MAX_OPEN_ZONES);
        }
        if (jobMaxOpenZones > 0 && maxOpenZones == 0) {
            throw new InvalidJobException("job_max_open_zones", jobMaxOpenZones, "cannot be used without a"
                    + " max_open_zones limit (fio 3.33 refuses it too)");
        }
        if (!(resetThreshold >= 0 && resetThreshold <= 1) || !(resetFrequency >= 0 && resetFrequency <= 1)) {
            throw new InvalidJobException("zone_reset_threshold/zone_reset_frequency", resetThreshold + "/"
                    + resetFrequency, "must be 0..1");
        }
    }
}
