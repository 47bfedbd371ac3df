package dev.quarry.server;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.MeterBinder;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * What the server process read from and wrote to storage devices ({@code /proc/self/io}'s {@code
 * read_bytes} and {@code write_bytes}: the page file, the term file, anything, but only what
 * reached a device, not what the OS cache served) as {@code quarry.process.device.read.bytes} and
 * {@code .write.bytes}. With a store larger than memory this is the figure that says whether the
 * buffer pool and the OS cache are holding the working set. Nothing is registered where the file is
 * not readable (not Linux). Micrometer holds a counter's object weakly, and nothing else holds this
 * binder: the counters are on the registry, so they never read 0 after a collection.
 */
final class ProcessIoMetrics implements MeterBinder {
  private final Path io;

  ProcessIoMetrics() {
    this(Path.of("/proc/self/io"));
  }

  ProcessIoMetrics(Path io) {
    this.io = io;
  }

  @Override
  public void bindTo(MeterRegistry registry) {
    if (field("read_bytes") < 0) {
      return;
    }
    // Counted on the registry (held by whoever reads it); the functions hold this binder.
    FunctionCounter.builder("quarry.process.device.read.bytes", registry, r -> field("read_bytes"))
        .description("bytes the server process read from storage devices (/proc/self/io)")
        .register(registry);
    FunctionCounter.builder(
            "quarry.process.device.write.bytes", registry, r -> field("write_bytes"))
        .description("bytes the server process wrote to storage devices (/proc/self/io)")
        .register(registry);
  }

  /** The value of {@code name} in the io file, or -1 if it cannot be read. */
  long field(String name) {
    try {
      for (String line : Files.readAllLines(io)) {
        if (line.startsWith(name + ":")) {
          return Long.parseLong(line.substring(name.length() + 1).trim());
        }
      }
    } catch (IOException | RuntimeException e) {
      return -1;
    }
    return -1;
  }
}
