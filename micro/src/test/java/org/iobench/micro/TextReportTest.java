package org.iobench.micro;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import org.junit.jupiter.api.Test;

class TextReportTest {

    @Test
    void tableMatchesTheGoldenFileWhateverTheDefaultLocale() throws IOException {
        Locale before = Locale.getDefault();
        try {
            Locale.setDefault(Locale.GERMANY); // would print 12,25 if the report used the default locale
            assertThat(TextReport.format(Fixtures.intsSuite())).isEqualTo(golden("text-report-golden.txt"));
        } finally {
            Locale.setDefault(before);
        }
    }

    @Test
    void numbersKeepThreeToFourSignificantDigitsAndAbsentOnesSayNA() {
        assertThat(TextReport.nanos(1.234)).isEqualTo("1.23");
        assertThat(TextReport.nanos(12.345)).isEqualTo("12.35");
        assertThat(TextReport.nanos(123.45)).isEqualTo("123.5");
        assertThat(TextReport.nanos(12345.6)).isEqualTo("12346");
        assertThat(TextReport.nanos(Double.NaN)).isEqualTo("n/a");
        assertThat(TextReport.nanosLike(0.2, 123.0)).isEqualTo("0.2");
    }

    static String golden(String name) throws IOException {
        try (InputStream in = TextReportTest.class.getResourceAsStream(name)) {
            assertThat(in).as("golden file %s", name).isNotNull();
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
