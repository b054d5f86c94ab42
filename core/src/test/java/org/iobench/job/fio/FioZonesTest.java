package org.iobench.job.fio;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.iobench.job.Access;
import org.iobench.job.InvalidJobException;
import org.iobench.job.JobSpec;
import org.junit.jupiter.api.Test;

/** fio's {@code zonemode=strided} options and the sizes around t/strided.py, as fio 3.33 reads them. */
class FioZonesTest {
    private static JobSpec job(String options) {
        return FioJobFile.parse("t.fio", "[j]\nioengine=null\n" + options.replace(' ', '\n') + "\n", false).jobs()
                .getFirst();
    }

    @Test
    void aRandomJobKeepsItsZonesRangeSkipAndSize() {
        Access a = job("rw=randread size=1m zonemode=strided zonesize=64k zonerange=16k zoneskip=8k").access();
        assertThat(a.zoneBytes()).isEqualTo(65536);
        assertThat(a.zoneRangeBytes()).isEqualTo(16384);
        assertThat(a.zoneSkipBytes()).isEqualTo(8192);
    }

    @Test
    void theRangeIsTheZoneSizeWhenNotGiven() {
        assertThat(job("rw=randread size=1m zonemode=strided zonesize=64k").access().zoneRangeBytes())
                .isEqualTo(65536);
    }

    @Test
    void aZoneSizeWithoutStridedIsRefusedAsFioRefusesIt() {
        assertThatThrownBy(() -> job("rw=read size=1m zonesize=64k")).isInstanceOf(InvalidJobException.class)
                .hasMessageContaining("zonesize").hasMessageContaining("zonemode=strided");
        assertThatThrownBy(() -> job("rw=read size=1m zonemode=strided")).isInstanceOf(InvalidJobException.class)
                .hasMessageContaining("needs zonesize=");
    }

    @Test
    void aSizeFollowedByCharactersFiosParserIgnoresReadsAsTheSize() {
        // t/strided.py passes --filesize=65536) and fio reads 65536
        assertThat(job("rw=randread filesize=65536)").workload().sizeBytes()).isEqualTo(65536);
        assertThat(job("rw=randread filesize=64k)").workload().sizeBytes()).isEqualTo(65536);
        assertThatThrownBy(() -> job("rw=randread filesize=64k-")).isInstanceOf(InvalidJobException.class);
        assertThatThrownBy(() -> job("rw=randread filesize=64q")).isInstanceOf(InvalidJobException.class);
    }

    @Test
    void withFilesizeTheRegionRunsFromTheOffsetToTheFilesEnd() {
        // fio: io_size = filesize - offset; the file is filesize bytes
        JobSpec j = job("rw=read filesize=64k offset=16k");
        assertThat(j.workload().offsetBytes()).isEqualTo(16384);
        assertThat(j.workload().sizeBytes()).isEqualTo(49152);
        assertThatThrownBy(() -> job("rw=read filesize=64k offset=128k")).isInstanceOf(InvalidJobException.class)
                .hasMessageContaining("past the file's end");
    }
}
