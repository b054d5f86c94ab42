package org.iobench.verify;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HexFormat;
import org.iobench.job.FioVerifyType;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Every checksum of fio's verify, byte for byte as fio 3.33 stores it: the expected bytes are what fio's own
 * {@code crc/*.c} (fio-3.33 tag) compute, compiled from its sources into a small program that printed the field as
 * fio lays it out, over "123456789" and over data made by fio's {@code __fill_random_buf} (4 seed buckets) from a
 * seed; that data is checked too, by the same rolling hash the program printed.
 */
class FioChecksumsTest {
    private static final HexFormat HEX = HexFormat.of();

    @ParameterizedTest(name = "{0} of {1}")
    @CsvSource({
        // "123456789": the catalogue's check values where fio's algorithm is a catalogued one
        "md5, check, 25f9e794323b453885f5181f1b624d0b",
        "crc64, check, cad9b8c414d9c6e9", // CRC-64/REDIS 0xe9c6d914c4b8d9ca
        "crc32, check, 7f89a189",
        "crc32c, check, 7c6df91c", // ~CRC-32C 0xe3069283
        "crc16, check, 3dbb", // CRC-16/ARC 0xbb3d
        "crc7, check, 75", // CRC-7/MMC
        "sha1, check, 1dbcc3f773048e809967df2a4cc3cc654134aea7",
        "sha256, check, ce5cfcf3bda18ae9398000000000000000000000000000000000000000000000000000000000000000000000000000000000"
                + "0000000000004800000000000000",
        "sha3-256, check, 87cd084d190e436f147322b90e7384f6a8e0676c99d21ef519ea718e51d45f9c",
        "xxhash, check, 8c9161f2",
        // 4056 bytes (a 4 KiB block less md5's 56-byte header) from seed 0x0123456789abcdef
        "md5, 4056, cdd0b53b49ce23736a015536370e213d",
        "crc64, 4056, 914729b6639dbb03",
        "crc32, 4056, 1146e593",
        "crc32c, 4056, ff351b8e",
        "crc16, 4056, 884d",
        "crc7, 4056, 4a",
        "sha1, 4056, a22ab4e7a8c6a45227bfef458bea92cf952941bb",
        "sha256, 4056, adcaab764652ab980dbf12ec75fe4f34ef072ae1624257608000000000000000000000000000000000000000000000000000"
                + "000000000000c07e000000000000",
        "sha512, 4056, 9fb1823e0960598a3e63057d12c0b214dd1488bb1b200c9f1b788d382ee0beb3f56948582a3ae8c5ead390b05474d08bdf3d"
                + "d9087faeb851c9116ab9d32289dde7a2ea8237e7b0750dbf12ec75fe4f34ef072ae162425760938bd7484b691b7cfd440b45"
                + "5a834e81fa89168ab4069d02f7ce21cf0e8aeb83f1583859c3908886",
        "sha3-256, 4056, dde2c4a33a66a156be62552eb51e9bf7bd6206bf3a501e4e44efb31e8ead0764",
        "xxhash, 4056, 157ffec7",
        // 300 bytes from seed 0xfedcba9876543210: tails of every length class (sha256's length in its own block)
        "md5, 300, a1747cc036d86db7b404d07c0ed54493",
        "crc64, 300, 4b56533629639ca3",
        "crc32, 300, 69303845",
        "crc32c, 300, 442ed58c",
        "crc16, 300, 7269",
        "crc7, 300, 4e",
        "sha1, 300, ce2d9b84057849802b3c922113e9eb809d5395e9",
        "sha256, 300, 289f9ae882cddfa020f0da5df178aca33068c80c6ab582755058a36a5b2e2f19b066bdfb99e2ac579053d99c800000000000"
                + "0000000000006009000000000000",
        "sha512, 300, 1078edae783cd6d120f0da5df178aca33068c80c6ab582755058a36a5b2e2f19b066bdfb99e2ac579053d99ce2429655106e"
                + "a84e5364610070b7188335a7f75590bdbfbc6757b6d4207b7f79cfae6ca9b0383f363706237ed0b3beaf06b58f2730b3d368"
                + "89d9fbde6066a7d112b3f7bd90197b3a9c8cf39cf07f220caf3feb5a",
        "sha3-256, 300, 21fff4444961b28e41c575afbdd48cd13c5b47f7e5c75a1c88d85171cee3908f",
        "xxhash, 300, d3d47b41",
        // 100 bytes from seed 7: xxhash's lanes, sha256's padding in the same block
        "xxhash, 100, f6dd45f7",
        "sha256, 100, c4b5491fd9c594a61ee8f447e777ba352d5cefebdab397504b44e433c22b5286c536e73e8000000000000000000000000000"
                + "0000000000002003000000000000",
        "crc64, 100, 58466402af80aeb1",
    })
    void fiosOwnBytes(String mode, String input, String expected) {
        ByteBuffer data = input(input);
        FioVerifyType type = FioVerifyType.byOption(mode).orElseThrow();
        byte[] out = new byte[128];
        Arrays.fill(out, (byte) 0xee);
        // a few bytes before the data: the checksum reads [from, from + len) only
        ByteBuffer padded = ByteBuffer.allocateDirect(data.capacity() + 7);
        padded.put(7, data, 0, data.capacity());
        new FioChecksums().compute(type, padded, 7, data.capacity(), out);
        assertEquals(expected, HEX.formatHex(out, 0, expected.length() / 2));
    }

    @ParameterizedTest
    @CsvSource({"4056, 13769522031131691984", "300, 3994822884905155798", "100, 17357984150212420630"})
    void fiosRandomData(String input, String rollingHash) {
        ByteBuffer d = input(input);
        long h = 0;
        for (int i = 0; i < d.capacity(); i++) {
            h = h * 31 + (d.get(i) & 0xFF);
        }
        assertEquals(rollingHash, Long.toUnsignedString(h));
    }

    private static ByteBuffer input(String input) {
        if (input.equals("check")) {
            return ByteBuffer.wrap("123456789".getBytes(StandardCharsets.US_ASCII));
        }
        int len = Integer.parseInt(input);
        long seed = switch (len) {
            case 4056 -> 0x0123456789abcdefL;
            case 300 -> 0xfedcba9876543210L;
            default -> 7;
        };
        ByteBuffer b = ByteBuffer.allocate(len).order(ByteOrder.LITTLE_ENDIAN);
        FioBlocks.randomFill(b, len, seed, new long[FioBlocks.SEED_BUCKETS]);
        return b;
    }
}
