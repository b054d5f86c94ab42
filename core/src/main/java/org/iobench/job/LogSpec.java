package org.iobench.job;

/**
 * fio's I/O logs a job writes ({@code write_bw_log}, {@code write_lat_log}, {@code write_iops_log}): files
 * {@code PREFIX_bw.N.log}, {@code PREFIX_lat.N.log} (and {@code _clat}, {@code _slat}), {@code PREFIX_iops.N.log}
 * in the current directory, in fio's layout. They change what is recorded, never the I/O.
 *
 * @param bwPrefix    null: no bandwidth log
 * @param latPrefix   null: no latency logs
 * @param iopsPrefix  null: no IOPS log
 * @param avgMillis   {@code log_avg_msec}: 0 logs every I/O, else averages per window
 * @param logMax      {@code log_max_value}
 * @param offsets     {@code log_offset}
 * @param perJobIndex {@code per_job_logs}: the {@code .N} in the names
 * @param jobIndex    N: the job's number in its file, counting clones, from 1 (fio's)
 * @param priorities  {@code log_prio}: each line ends with the I/O's priority value, not its real-time flag
 * @param compressBytes   {@code log_compression}: the samples are kept deflated, in chunks of this many bytes of
 *                        fio's samples; 0: not
 * @param storeCompressed {@code log_store_compressed}: the files are fio's compressed logs ({@code .log.fz})
 * @param requestLog      {@code write_iolog}: the file every request is logged to as it is issued, in fio's iolog
 *                        version 3 (appended to, as fio does); null: none
 */
public record LogSpec(String bwPrefix, String latPrefix, String iopsPrefix, long avgMillis, boolean logMax,
                      boolean offsets, boolean perJobIndex, int jobIndex, boolean priorities, long compressBytes,
                      boolean storeCompressed, String requestLog) {

    public LogSpec(String bwPrefix, String latPrefix, String iopsPrefix, long avgMillis, boolean logMax,
                   boolean offsets, boolean perJobIndex, int jobIndex, boolean priorities) {
        this(bwPrefix, latPrefix, iopsPrefix, avgMillis, logMax, offsets, perJobIndex, jobIndex, priorities, 0, false,
                null);
    }

    /** These logs for the job numbered {@code n}. */
    public LogSpec withJobIndex(int n) {
        return new LogSpec(bwPrefix, latPrefix, iopsPrefix, avgMillis, logMax, offsets, perJobIndex, n, priorities,
                compressBytes, storeCompressed, requestLog);
    }
}
