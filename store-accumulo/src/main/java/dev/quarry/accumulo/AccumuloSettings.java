package dev.quarry.accumulo;

import dev.quarry.core.config.Config;
import dev.quarry.core.config.ConfigException;
import java.nio.file.Path;
import java.time.Duration;

/** The {@code store.accumulo.*} options: where the instance is and how to use it. */
record AccumuloSettings(
    String instance,
    String zookeepers,
    String user,
    String password,
    String tablePrefix,
    Duration writerLease,
    Duration writerTimeout,
    int scanThreads,
    String bulkDir,
    int tabletsPerIndex,
    long termCache,
    long readCache,
    boolean warmUp,
    boolean unionDefault) {

  /**
   * The read cache's size: {@code auto} is a quarter of the heap (the JVM's default heap is a
   * quarter of the machine's memory: 1.5 GB on a 24 GB machine, which holds BSBM 10M's quads twice
   * over); else a size, 0 for none.
   */
  static long readCacheBytes(String spec) {
    if (spec.trim().equalsIgnoreCase("auto")) {
      return Runtime.getRuntime().maxMemory() / 4;
    }
    return Config.parseBytes(spec, "store.accumulo.read-cache");
  }

  static AccumuloSettings from(Config c) {
    String instance = c.getString("store.accumulo.instance").trim();
    String zookeepers = c.getString("store.accumulo.zookeepers").trim();
    if (instance.isEmpty() || zookeepers.isEmpty()) {
      throw new ConfigException(
          "the accumulo backend needs store.accumulo.instance and store.accumulo.zookeepers");
    }
    int threads = c.getInt("store.accumulo.scan-threads");
    if (threads < 1) {
      throw new ConfigException("option 'store.accumulo.scan-threads' must be at least 1");
    }
    Duration lease = c.getDuration("store.accumulo.writer-lease");
    if (lease.toMillis() < 300) {
      throw new ConfigException("option 'store.accumulo.writer-lease' must be at least 300ms");
    }
    int tablets = c.getInt("store.accumulo.tablets-per-index");
    if (tablets < 1) {
      throw new ConfigException("option 'store.accumulo.tablets-per-index' must be at least 1");
    }
    String bulkDir = c.getString("store.accumulo.bulk-dir").trim();
    if (bulkDir.isEmpty()) {
      bulkDir = Path.of(System.getProperty("java.io.tmpdir")).toUri().toString();
    }
    long readCache = readCacheBytes(c.getString("store.accumulo.read-cache"));
    String graph = c.getString("store.default-graph").trim();
    if (!graph.equals("default") && !graph.equals("union")) {
      throw new ConfigException(
          "option 'store.default-graph' must be default or union, got '" + graph + "'");
    }
    return new AccumuloSettings(
        instance,
        zookeepers,
        c.getString("store.accumulo.user").trim(),
        c.getString("store.accumulo.password"),
        c.getString("store.accumulo.table-prefix").trim(),
        lease,
        c.getDuration("store.writer-timeout"),
        threads,
        bulkDir,
        tablets,
        c.getLong("store.term-cache"),
        readCache,
        c.getBoolean("store.warm-up"),
        graph.equals("union"));
  }
}
