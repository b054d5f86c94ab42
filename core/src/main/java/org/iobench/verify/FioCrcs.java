package org.iobench.verify;

import java.nio.ByteBuffer;

/**
 * The CRCs of fio 3.33's {@code crc/} that no JDK class computes, bit for bit as fio does (table-driven, tables made
 * from the polynomial here; the checks in FioChecksumsTest are fio's own results, from its sources):
 * <ul>
 *   <li>{@code crc64}: reflected, polynomial 0x95AC9329AC4BC9B5 (Jones), from 0, no final xor (CRC-64/REDIS);</li>
 *   <li>{@code crc32}: not reflected, polynomial 0x04C11DB7, from 0, no final xor (CRC-32/POSIX without its length
 *       and final inversion);</li>
 *   <li>{@code crc16}: reflected, polynomial 0x8005 (table 0xA001), from 0 (CRC-16/ARC);</li>
 *   <li>{@code crc7}: polynomial x^7 + x^3 + 1, not reflected, from 0 (CRC-7/MMC), the kernel's old byte table.</li>
 * </ul>
 * {@code crc32c} is the JDK's {@link java.util.zip.CRC32C} inverted: fio's {@code fio_crc32c} starts at ~0 and skips
 * the final inversion. Each method reads {@code buf[from, from + len)} without moving its position.
 */
final class FioCrcs {
    private static final long[] CRC64 = new long[256];
    private static final int[] CRC32 = new int[256];
    private static final int[] CRC16 = new int[256];
    private static final int[] CRC7 = new int[256];

    static {
        for (int i = 0; i < 256; i++) {
            long c = i;
            for (int k = 0; k < 8; k++) {
                c = (c & 1) != 0 ? (c >>> 1) ^ 0x95AC9329AC4BC9B5L : c >>> 1;
            }
            CRC64[i] = c;
            int d = i << 24;
            for (int k = 0; k < 8; k++) {
                d = (d & 0x80000000) != 0 ? (d << 1) ^ 0x04C11DB7 : d << 1;
            }
            CRC32[i] = d;
            int e = i;
            for (int k = 0; k < 8; k++) {
                e = (e & 1) != 0 ? (e >>> 1) ^ 0xA001 : e >>> 1;
            }
            CRC16[i] = e;
            // the kernel's crc7_syndrome_table: index (crc << 1) ^ byte, the 7-bit remainder of that byte times x^7
            int f = i;
            for (int k = 0; k < 8; k++) {
                f = (f & 0x80) != 0 ? ((f << 1) ^ (0x09 << 1)) & 0xFF : (f << 1) & 0xFF;
            }
            CRC7[i] = f >>> 1;
        }
    }

    private FioCrcs() {}

    static long crc64(ByteBuffer buf, int from, int len) {
        long crc = 0;
        for (int i = from, end = from + len; i < end; i++) {
            crc = CRC64[(int) ((crc ^ buf.get(i)) & 0xFF)] ^ (crc >>> 8);
        }
        return crc;
    }

    static int crc32(ByteBuffer buf, int from, int len) {
        int crc = 0;
        for (int i = from, end = from + len; i < end; i++) {
            crc = (crc << 8) ^ CRC32[((crc >>> 24) ^ buf.get(i)) & 0xFF];
        }
        return crc;
    }

    static int crc16(ByteBuffer buf, int from, int len) {
        int crc = 0;
        for (int i = from, end = from + len; i < end; i++) {
            crc = (crc >>> 8) ^ CRC16[(crc ^ buf.get(i)) & 0xFF];
        }
        return crc & 0xFFFF;
    }

    static int crc7(ByteBuffer buf, int from, int len) {
        int crc = 0;
        for (int i = from, end = from + len; i < end; i++) {
            crc = CRC7[((crc << 1) ^ buf.get(i)) & 0xFF];
        }
        return crc;
    }
}
