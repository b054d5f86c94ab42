package org.iobench.sys;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.atomic.AtomicReference;
import org.iobench.testing.Root;
import org.junit.jupiter.api.Test;

class IoPriorityTest {
    /** Runs {@code body} on a thread of its own, so the test thread keeps its priority. */
    private static Object onOwnThread(ThrowingSupplier body) throws InterruptedException {
        AtomicReference<Object> out = new AtomicReference<>();
        Thread t = Thread.ofPlatform().start(() -> {
            try {
                out.set(body.get());
            } catch (Exception e) {
                out.set(e);
            }
        });
        t.join();
        return out.get();
    }

    interface ThrowingSupplier {
        Object get() throws Exception;
    }

    @Test
    void valuesAreClassShiftedThirteenOrLevelAndClassZeroIsBestEffortAsInFio() {
        assertThat(IoPriority.value(IoPriority.CLASS_RT, 0)).isEqualTo(0x2000);
        assertThat(IoPriority.value(IoPriority.CLASS_IDLE, 2)).isEqualTo(0x6002);
        assertThat(IoPriority.value(0, 7)).isEqualTo(0x4007);
        assertThat(IoPriority.classOf(0x6002)).isEqualTo(IoPriority.CLASS_IDLE);
    }

    @Test
    void ioprioSetChangesTheCallingThreadOnly() throws Exception {
        int before = IoPriority.ofThisThread();
        Object set = onOwnThread(() -> {
            IoPriority.setThisThread(IoPriority.value(IoPriority.CLASS_IDLE, 0));
            return IoPriority.ofThisThread();
        });
        assertThat(set).isEqualTo(0x6000);
        assertThat(IoPriority.ofThisThread()).isEqualTo(before);
        Object bad = onOwnThread(() -> {
            IoPriority.setThisThread(7 << IoPriority.CLASS_SHIFT);
            return null;
        });
        assertThat(bad).isInstanceOf(SysException.class);
        assertThat(((SysException) bad).errno()).isEqualTo(Errno.EINVAL);
    }

    @Test
    void theRealTimeClassIsSetWithTheCapability() throws Exception {
        Root.assumeSysAdmin("set the real-time I/O class (fio's prioclass=1)");
        assertThat(onOwnThread(() -> {
            IoPriority.setThisThread(IoPriority.value(IoPriority.CLASS_RT, 4));
            return IoPriority.ofThisThread();
        })).isEqualTo(0x2004);
    }
}
