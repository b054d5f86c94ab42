package org.iobench.job.fio;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.iobench.job.EmulatedZones;
import org.iobench.job.InvalidJobException;
import org.iobench.job.JobSpec;
import org.junit.jupiter.api.Test;

/** fio's {@code zonemode=zbd} options as fio 3.33 reads them for a target that is not zoned, and what is refused. */
class FioZbdTest {
    private static JobSpec job(String options) {
        return FioJobFile.parse("t.fio", "[j]\nfilename=/tmp/zbd-test-never-made\n" + options.replace(' ', '\n')
                + "\n", false).jobs().getFirst();
    }

    @Test
    void theZoneOptionsMakeTheJobsEmulatedZones() {
        EmulatedZones z = job("rw=randwrite size=4m zonemode=zbd zonesize=1m zonecapacity=768k max_open_zones=3"
                + " job_max_open_zones=2 read_beyond_wp=1 zone_reset_threshold=0.5 zone_reset_frequency=0.25")
                .access().emulatedZones();
        assertThat(z).isEqualTo(new EmulatedZones(1 << 20, 768 << 10, 3, 2, true, 0.5, 0.25));
    }

    @Test
    void withoutACapacityAZoneIsWrittenWhole() {
        EmulatedZones z = job("rw=write size=4m zonemode=zbd zonesize=1m").access().emulatedZones();
        assertThat(z.capacityBytes()).isEqualTo(1 << 20);
        assertThat(z.maxOpenZones()).isZero();
        assertThat(job("rw=write size=4m").access().emulatedZones()).isNull();
    }

    @Test
    void sizesInZonesAreZonesTimesTheZoneSizeAsFioReadsThem() {
        // parse.c's FIO_OPT_STR_VAL_ZONE, zbd_recalc_options_with_zone_granularity (t/zbd tests 55, 56)
        JobSpec strided = job("rw=write bs=512 zonemode=strided zonesize=64k size=10z zoneskip=2z");
        assertThat(strided.workload().sizeBytes()).isEqualTo(640 << 10);
        assertThat(strided.access().zoneSkipBytes()).isEqualTo(128 << 10);
        JobSpec zbd = job("rw=write zonemode=zbd zonesize=1m size=2z io_size=3z");
        assertThat(zbd.workload().sizeBytes()).isEqualTo(2 << 20);
        assertThat(zbd.access().ioBytes()).isEqualTo(3 << 20);
        assertThatThrownBy(() -> job("rw=write zonemode=zbd zonesize=1m size=4m bs=2z"))
                .isInstanceOf(InvalidJobException.class).hasMessageContaining("bs: 'z' suffix isn't applicable");
        assertThatThrownBy(() -> job("rw=write zonemode=zbd zonesize=1m size=1.5z"))
                .isInstanceOf(InvalidJobException.class).hasMessageContaining("size: unexpected zone value '1.5z'");
        assertThatThrownBy(() -> job("rw=write size=2z")).as("fio takes 0 (the whole file) without a zone size")
                .isInstanceOf(org.iobench.job.UnsupportedJobException.class)
                .hasMessageContaining("needs zonemode=zbd or zonemode=strided");
    }

    @Test
    void whatFioRefusesIsRefusedByName() {
        assertThatThrownBy(() -> job("rw=write size=4m zonemode=zbd")).isInstanceOf(InvalidJobException.class)
                .hasMessageContaining("zonemode").hasMessageContaining("needs zonesize=");
        assertThatThrownBy(() -> job("rw=write size=4m zonemode=zbd zonesize=256"))
                .isInstanceOf(InvalidJobException.class).hasMessageContaining("zonesize")
                .hasMessageContaining("512");
        assertThatThrownBy(() -> job("rw=write size=4m zonemode=zbd zonesize=1m zonecapacity=2m"))
                .isInstanceOf(InvalidJobException.class).hasMessageContaining("zonecapacity");
        assertThatThrownBy(() -> job("rw=write size=4m zonemode=zbd zonesize=1m job_max_open_zones=2"))
                .isInstanceOf(InvalidJobException.class).hasMessageContaining("job_max_open_zones");
        assertThatThrownBy(() -> job("rw=write size=4m zonemode=zbd zonesize=1m max_open_zones=5000"))
                .isInstanceOf(InvalidJobException.class).hasMessageContaining("max_open_zones");
        assertThatThrownBy(() -> job("rw=write size=4m zonemode=zbd zonesize=1m zone_reset_frequency=2"))
                .isInstanceOf(InvalidJobException.class).hasMessageContaining("zone_reset_frequency=2: must be 0..1")
                .hasMessageContaining("value out of range: 2.000000 (range max: 1.000000)") // fio's words (t/zbd 22)
                .hasMessageNotContaining(": t.fio:"); // named once, where it was set
        assertThatThrownBy(() -> job("rw=write size=4m zonemode=zbd zonesize=1m zone_reset_threshold=-1"))
                .hasMessageContaining("value out of range: -1.000000 (range min: 0.000000)"); // t/zbd test 18
        // fio prints "the list exceeding max length 1" and runs with .4: iobench refuses in fio's words (test 20)
        assertThatThrownBy(() -> job("rw=write size=4m zonemode=zbd zonesize=1m zone_reset_threshold=.4:.6"))
                .hasMessageContaining("zone_reset_threshold=.4:.6")
                .hasMessageContaining("the list exceeding max length");
        assertThatThrownBy(() -> job("rw=read size=4m zonesize=1")) // t/zbd test 44 greps fio's words
                .hasMessageContaining("fio: --zonemode=none and --zonesize are not compatible");
        assertThatThrownBy(() -> job("rw=write size=4m zonemode=zbd zonesize=64k bs=128k"))
                .isInstanceOf(InvalidJobException.class).hasMessageContaining("bs").hasMessageContaining("zone");
        assertThatThrownBy(() -> job("rw=write size=4m zonemode=zoned zonesize=64k"))
                .isInstanceOf(InvalidJobException.class).hasMessageContaining("zonemode");
    }

    @Test
    void whatIobenchDoesNotDoWithZonesIsRefusedByName() {
        assertThatThrownBy(() -> job("rw=write size=4m zonemode=zbd zonesize=1m zoneskip=1m"))
                .hasMessageContaining("zoneskip");
        assertThatThrownBy(() -> job("rw=write size=4m zonemode=zbd zonesize=64k zoneskip=1")) // t/zbd test 47
                .isInstanceOf(InvalidJobException.class)
                .hasMessageContaining("zoneskip 1 is not a multiple of the device zone size 65536");
        assertThatThrownBy(() -> job("rw=trimwrite size=4m bs=1m zonemode=zbd zonesize=1m"))
                .hasMessageContaining("trims mixed with writes");
    }

    @Test
    void aTrimIsAZoneResetOfOneWholeZoneAsFiosZbdVerifyBs() {
        assertThat(job("rw=randtrim size=4m bs=1m zonemode=zbd zonesize=1m").access().emulatedZones()).isNotNull();
        assertThatThrownBy(() -> job("rw=trim size=4m bs=64k zonemode=zbd zonesize=1m"))
                .isInstanceOf(InvalidJobException.class)
                .hasMessageContaining("trim block size 65536 is not the zone size 1048576");
        assertThatThrownBy(() -> job("rw=randtrim size=4m bsrange=512k-1m zonemode=zbd zonesize=1m"))
                .isInstanceOf(InvalidJobException.class)
                .hasMessageContaining("bsrange and bssplit are not allowed for trim with zonemode=zbd");
    }

    @Test
    void verifyNeedsBlockSizesThatDivideTheZoneSizeAsFiosZbdVerifyBs() {
        assertThat(job("rw=write size=4m zonemode=zbd zonesize=1m verify=crc32c bs=64k").access().emulatedZones())
                .isNotNull();
        assertThatThrownBy(() -> job("rw=write size=4m zonemode=zbd zonesize=64k verify=md5 bs=48k"))
                .isInstanceOf(InvalidJobException.class).hasMessageContaining("bs=48k")
                .hasMessageContaining("not a divisor of the zone size 65536"); // t/zbd test 34 greps it
        assertThatThrownBy(() -> job("rw=write size=4m zonemode=zbd zonesize=1m verify=md5"
                + " zone_reset_frequency=0.5")).hasMessageContaining("zone_reset_frequency");
    }
}
