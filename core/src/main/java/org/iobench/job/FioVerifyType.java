package org.iobench.job;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;

/**
 * fio 3.33's {@code verify=} modes ({@code verify.h}'s enum, whose number each header records): what protects a
 * block's data and how many bytes of fio's header it takes. {@link #headerBytes()} is fio's {@code __hdr_size}: the
 * 40-byte {@code struct verify_header} plus the checksum's own part, 0 for {@code pattern}, which has no header.
 */
public enum FioVerifyType {
    META(1, 0, "meta"),
    MD5(2, 16, "md5"),
    CRC64(3, 8, "crc64"),
    CRC32(4, 4, "crc32"),
    /** {@code crc32c} and {@code crc32c-intel}: one mode in fio 3.33 (the same number in the header). */
    CRC32C(5, 4, "crc32c", "crc32c-intel"),
    CRC16(7, 2, "crc16"),
    CRC7(8, 1, "crc7"),
    SHA256(9, 64, "sha256"),
    SHA512(10, 128, "sha512"),
    SHA3_224(11, 28, "sha3-224"),
    SHA3_256(12, 32, "sha3-256"),
    SHA3_384(13, 48, "sha3-384"),
    SHA3_512(14, 64, "sha3-512"),
    XXHASH(15, 4, "xxhash"),
    SHA1(16, 20, "sha1"),
    /** {@code verify_pattern} without {@code verify=}: a header, then the pattern. */
    PATTERN(17, 0, "pattern-with-header"),
    /** {@code verify=pattern}: the pattern alone, no header. */
    PATTERN_NO_HDR(18, 0, "pattern"),
    /** {@code verify=null}: fio's "pretend to verify": blocks carry headers, nothing is checked. */
    NULL(19, 0, "null");

    /** Bytes of fio's {@code struct verify_header}. */
    public static final int HEADER_BYTES = 40;

    private final int code;
    private final int checksumBytes;
    private final String[] names;

    FioVerifyType(int code, int checksumBytes, String... names) {
        this.code = code;
        this.checksumBytes = checksumBytes;
        this.names = names;
    }

    /** The number fio writes in the header's {@code verify_type}. */
    public int code() {
        return code;
    }

    /** Bytes of the checksum after the 40-byte header (md5 16, crc64 8, sha256 64 as fio lays them out...). */
    public int checksumBytes() {
        return checksumBytes;
    }

    /** fio's {@code __hdr_size}: bytes at the start of each verify interval that are not checksummed data. */
    public int headerBytes() {
        return this == PATTERN_NO_HDR ? 0 : HEADER_BYTES + checksumBytes;
    }

    public boolean hasHeader() {
        return this != PATTERN_NO_HDR;
    }

    /** The blocks' data is checked against {@code verify_pattern} rather than a checksum. */
    public boolean checksPattern() {
        return this == PATTERN || this == PATTERN_NO_HDR || this == META;
    }

    /** The name as fio's {@code verify=} takes it. */
    public String label() {
        return names[0];
    }

    /** fio's value for {@code verify=} ({@code 0} and {@code none} are no verification: empty). */
    public static Optional<FioVerifyType> byOption(String value) {
        String v = value.strip().toLowerCase(Locale.ROOT);
        return Arrays.stream(values()).filter(t -> t != PATTERN && Arrays.asList(t.names).contains(v)).findFirst();
    }

    /** The mode whose header number is {@code code}, empty for a number fio 3.33 does not have. */
    public static Optional<FioVerifyType> byCode(int code) {
        if (code == 6) {
            return Optional.of(CRC32C); // VERIFY_CRC32C_INTEL: fio 3.33 parses crc32c-intel as 5 but keeps the number
        }
        return Arrays.stream(values()).filter(t -> t.code == code).findFirst();
    }

    @Override
    public String toString() {
        return label();
    }
}
