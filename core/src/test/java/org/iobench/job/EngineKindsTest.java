package org.iobench.job;

import static org.assertj.core.api.Assertions.assertThat;

import org.iobench.engine.EngineProvider;
import org.iobench.engine.Engines;
import org.junit.jupiter.api.Test;

class EngineKindsTest {
    @Test
    void everyRegisteredEngineStoresDataExactlyWhenTheJobLayerSaysSo() {
        for (String name : Engines.names()) {
            EngineProvider p = Engines.byName(name).orElseThrow();
            assertThat(EngineKinds.storesData(name)).as(name).isEqualTo(p.storage());
        }
        assertThat(Engines.names()).contains("null", "libaio");
    }

    @Test
    void fiosDisklessEnginesAreNotStorage() {
        for (String fio : new String[] {"null", "cpuio", "exec", "net", "netsplice"}) {
            assertThat(EngineKinds.storesData(fio)).as(fio).isFalse();
        }
        for (String fio : new String[] {"psync", "libaio", "io_uring", "sync", "uring"}) {
            assertThat(EngineKinds.storesData(fio)).as(fio).isTrue();
        }
    }
}
