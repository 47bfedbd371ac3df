package dev.quarry.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.lang.ref.WeakReference;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The process's device reads and writes as counters, read from a file in /proc/self/io's form. */
class ProcessIoMetricsTest {
  @TempDir Path dir;

  @Test
  void readsTheDeviceBytesOfTheIoFile() throws Exception {
    Path io = dir.resolve("io");
    Files.writeString(
        io,
        "rchar: 900\nwchar: 800\nsyscr: 7\nsyscw: 6\nread_bytes: 4096\nwrite_bytes: 8192\n"
            + "cancelled_write_bytes: 0\n");
    SimpleMeterRegistry registry = new SimpleMeterRegistry();
    new ProcessIoMetrics(io).bindTo(registry);
    assertEquals(4096, registry.get("quarry.process.device.read.bytes").functionCounter().count());
    Files.writeString(io, "read_bytes: 12288\nwrite_bytes: 8192\n");
    assertEquals(12288, registry.get("quarry.process.device.read.bytes").functionCounter().count());
    assertEquals(8192, registry.get("quarry.process.device.write.bytes").functionCounter().count());
  }

  @Test
  void keepsCountingOnceTheServerHoldsNoReferenceToIt() throws Exception {
    Path io = dir.resolve("io");
    Files.writeString(io, "read_bytes: 4096\nwrite_bytes: 0\n");
    SimpleMeterRegistry registry = new SimpleMeterRegistry();
    ProcessIoMetrics binder = new ProcessIoMetrics(io);
    binder.bindTo(registry);
    WeakReference<ProcessIoMetrics> held = new WeakReference<>(binder);
    binder = null; // as the server binds it: no reference kept
    for (int i = 0; i < 10 && held.get() != null; i++) {
      System.gc(); // a binder only the counters' weak references hold is collected here
    }
    Files.writeString(io, "read_bytes: 12288\nwrite_bytes: 0\n");
    assertEquals(12288, registry.get("quarry.process.device.read.bytes").functionCounter().count());
  }

  @Test
  void registersNothingWithoutTheFile() {
    SimpleMeterRegistry registry = new SimpleMeterRegistry();
    new ProcessIoMetrics(dir.resolve("absent")).bindTo(registry);
    assertTrue(registry.getMeters().isEmpty());
  }
}
