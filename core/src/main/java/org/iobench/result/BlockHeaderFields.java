package org.iobench.result;

/**
 * The fields of a block header, as found on the target or as expected there. In an expectation, a field nobody
 * knows in advance ({@code worker}, {@code timestampMillis}, sometimes {@code sequence}) is null.
 *
 * @param runId           the writing run's id, 16 hex digits
 * @param offset          bytes from the start of the target
 * @param blockSize       bytes of the block
 * @param sequence        the writing worker's write counter, from 1
 * @param worker          the writing worker
 * @param timestampMillis wall-clock time of the write, ms since the Unix epoch
 * @param checksum        {@code crc32c} or {@code sha256}
 * @param payloadChecksum the checksum of the payload recorded in the header, hex
 */
public record BlockHeaderFields(String runId, long offset, long blockSize, Long sequence, Integer worker,
                                Long timestampMillis, String checksum, String payloadChecksum) {}
