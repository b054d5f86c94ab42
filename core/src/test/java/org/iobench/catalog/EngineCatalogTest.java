package org.iobench.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import org.iobench.engine.EngineProvider;
import org.iobench.engine.Engines;
import org.junit.jupiter.api.Test;

class EngineCatalogTest {
    private final EngineCatalog catalog = EngineCatalog.installed();

    @Test
    void theInstalledCatalogDescribesEveryRegisteredEngineAsItsProviderDoes() {
        for (EngineProvider p : Engines.installed().all()) {
            assertThat(catalog.byName(p.name())).as(p.name()).contains(p.description());
        }
        assertThat(catalog.engines()).hasSameSizeAs(Engines.installed().all());
        assertThat(catalog.defaultEngine()).isEqualTo(Engines.setup().description());
    }

    @Test
    void fiosNamesMapToTheEngineThatAnswersToThem() {
        assertThat(catalog.byFioName("io_uring").orElseThrow().has(EngineFlag.REGISTERED_BUFFERS)).isTrue();
        assertThat(catalog.byFioName("PVSYNC2").orElseThrow()).isEqualTo(catalog.defaultEngine());
        assertThat(catalog.byFioName("posixaio").orElseThrow().name()).as("POSIX AIO runs through io_uring")
                .isEqualTo(catalog.byFioName("io_uring").orElseThrow().name());
        assertThat(catalog.byFioName("solarisaio")).isEmpty();
        for (EngineProvider p : Engines.installed().all()) {
            for (String fio : p.description().fioNames()) {
                assertThat(catalog.byFioName(fio)).as(fio).contains(p.description());
            }
        }
    }

    @Test
    void recordedNamesAreDescribedWhateverToolRecordedThem() {
        for (String diskless : new String[] {"null", "cpuio", "exec", "net", "netsplice", "filestat"}) {
            assertThat(catalog.describe(diskless).storesData()).as(diskless).isFalse();
        }
        for (String storage : new String[] {"psync", "libaio", "io_uring", "sync", "uring", "posixaio"}) {
            assertThat(catalog.describe(storage).storesData()).as(storage).isTrue();
        }
        EngineDescription fio = catalog.describe("io_uring");
        assertThat(fio.name()).as("the recorded name is kept").isEqualTo("io_uring");
        assertThat(fio.has(EngineFlag.ASYNC_BUFFERED)).isTrue();
        assertThat(catalog.describe("posixaio").name()).as("the recorded name is kept").isEqualTo("posixaio");
        assertThat(catalog.describe("solarisaio").flags()).isEmpty();
    }

    @Test
    void namesForMessagesJoinWithTheirConjunction() {
        assertThat(EngineCatalog.names(catalog.with(EngineFlag.PER_REQUEST_PRIORITY), "or")).isEqualTo(
                "uring or libaio");
        assertThat(EngineCatalog.names(catalog.with(EngineFlag.WORKS_ON_FILES), "and")).isEqualTo(
                "filecreate, filestat and filedelete");
    }
}
