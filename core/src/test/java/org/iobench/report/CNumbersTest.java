package org.iobench.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class CNumbersTest {
    @Test
    void gPrintsLikeCsPrintfForSecondsOfEveryMagnitude() throws Exception {
        SplittableRandom random = new SplittableRandom(42);
        List<String> args = new ArrayList<>(List.of("printf", "%g\\n"));
        List<Double> values = new ArrayList<>(List.of(0.000486044, 2.01e-05, 1.23456789, 13.407, 100.0, 999999.5,
                1234567.0, 0.0001, 0.00001, 15.5176));
        for (int i = 0; i < 300; i++) {
            values.add(Math.pow(10, random.nextDouble(-7, 8)) * random.nextDouble(1, 10));
        }
        values.forEach(v -> args.add(Double.toString(v)));
        Process p = new ProcessBuilder(args).start();
        String[] c = new String(p.getInputStream().readAllBytes(), StandardCharsets.US_ASCII).split("\n");
        p.waitFor();
        for (int i = 0; i < values.size(); i++) {
            assertThat(CNumbers.g(values.get(i))).as("%%g of %s", values.get(i)).isEqualTo(c[i]);
        }
    }

    @Test
    void humanSizesRoundAsGnulibDoes() {
        assertThat(CNumbers.si(1073741824)).isEqualTo("1.1 GB");
        assertThat(CNumbers.iec(1073741824)).isEqualTo("1.0 GiB");
        assertThat(CNumbers.si(51200)).isEqualTo("51 kB");
        assertThat(CNumbers.iec(51200)).isEqualTo("50 KiB");
        assertThat(CNumbers.si(458752)).isEqualTo("459 kB");
        assertThat(CNumbers.si(1000)).isEqualTo("1.0 kB");
        assertThat(CNumbers.iec(1000)).isEqualTo("1000 B");
        assertThat(CNumbers.si(512)).isEqualTo("512 B");
        assertThat(CNumbers.si(999_600)).isEqualTo("1.0 MB");
    }

    @Test
    void transferLineTakesDdsThreeForms() {
        assertThat(DdText.transfer(1073741824, 13_407_000_000L))
                .isEqualTo("1073741824 bytes (1.1 GB, 1.0 GiB) copied, 13.407 s, 80.1 MB/s");
        assertThat(DdText.transfer(1000, 1_000_000)).isEqualTo("1000 bytes (1.0 kB) copied, 0.001 s, 1.0 MB/s");
        assertThat(DdText.transfer(1, 26_990)).isEqualTo("1 byte copied, 2.699e-05 s, 37.1 kB/s");
        assertThat(DdText.transfer(8388608, 10_621_500)).isEqualTo(
                "8388608 bytes (8.4 MB, 8.0 MiB) copied, 0.0106215 s, 790 MB/s");
        assertThat(DdText.transfer(10000, 95_642)).isEqualTo("10000 bytes (10 kB, 9.8 KiB) copied, 9.5642e-05 s,"
                + " 105 MB/s");
    }
}
