package org.iobench.table;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class CsvTableWriterTest {

    @Test
    void fieldsWithSeparatorsQuotesOrLineBreaksAreQuotedAsRfc4180Says() {
        assertThat(CsvTableWriter.quote("plain")).isEqualTo("plain");
        assertThat(CsvTableWriter.quote("1,1 GB")).isEqualTo("\"1,1 GB\"");
        assertThat(CsvTableWriter.quote("say \"hi\"")).isEqualTo("\"say \"\"hi\"\"\"");
        assertThat(CsvTableWriter.quote("two\nlines")).isEqualTo("\"two\nlines\"");
    }
}
