package dev.quarry.accumulo;

import dev.quarry.core.config.Config;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.accumulo.minicluster.MemoryUnit;
import org.apache.accumulo.minicluster.MiniAccumuloCluster;
import org.apache.accumulo.minicluster.MiniAccumuloConfig;

/**
 * One real Accumulo instance for the tests of this JVM: a MiniAccumuloCluster (ZooKeeper, a manager
 * and two tablet servers, each its own process) on loopback, started on first use and stopped when
 * the JVM exits. Each store a test opens gets tables of its own (a new prefix).
 */
public final class MiniCluster {
  public static final String PASSWORD = "quarry-test";
  private static MiniAccumuloCluster cluster;
  private static final AtomicInteger STORES = new AtomicInteger();

  private MiniCluster() {}

  public static synchronized MiniAccumuloCluster get() {
    if (cluster == null) {
      try {
        Path dir = Files.createTempDirectory(Path.of("target"), "mac");
        MiniAccumuloConfig cfg = new MiniAccumuloConfig(dir.toFile(), PASSWORD);
        cfg.setNumTservers(2);
        cfg.setDefaultMemory(256, MemoryUnit.MEGABYTE);
        MiniAccumuloCluster mac = new MiniAccumuloCluster(cfg);
        mac.start();
        Runtime.getRuntime().addShutdownHook(new Thread(() -> stop(mac)));
        cluster = mac;
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException(e);
      }
    }
    return cluster;
  }

  private static void stop(MiniAccumuloCluster mac) {
    try {
      mac.stop();
    } catch (Exception e) {
      // the JVM is exiting: the children are ended below whatever stop() managed
    } finally {
      // stop() run from a shutdown hook leaves ZooKeeper running: end every child outright.
      ProcessHandle.current().descendants().forEach(ProcessHandle::destroyForcibly);
    }
  }

  /** Options for a store on the cluster with tables of its own. */
  public static Config newStoreConfig() {
    return storeConfig("t" + STORES.incrementAndGet() + "_");
  }

  /** Options for the store whose tables are named with {@code prefix}. */
  public static Config storeConfig(String prefix) {
    MiniAccumuloCluster mac = get();
    return Config.defaults()
        .with("store.storage", "accumulo")
        .with("store.accumulo.instance", mac.getInstanceName())
        .with("store.accumulo.zookeepers", mac.getZooKeepers())
        .with("store.accumulo.user", "root")
        .with("store.accumulo.password", PASSWORD)
        .with("store.accumulo.table-prefix", prefix)
        .with("store.writer-timeout", "60s")
        .with("store.warm-up", false); // tests that count requests: none in the background
  }
}
