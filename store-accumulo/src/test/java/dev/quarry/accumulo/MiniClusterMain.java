package dev.quarry.accumulo;

import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.accumulo.minicluster.MemoryUnit;
import org.apache.accumulo.minicluster.MiniAccumuloCluster;
import org.apache.accumulo.minicluster.MiniAccumuloConfig;

/**
 * A MiniAccumuloCluster to try the Accumulo backend on one machine (run by {@code
 * store-accumulo/mini-cluster.sh}): ZooKeeper, a manager and N tablet servers as processes on
 * loopback, in a new directory, until this process is stopped. Writes {@code DIR/quarry.yaml}, the
 * options with which {@code quarry load|serve --config DIR/quarry.yaml} uses it.
 */
public final class MiniClusterMain {
  private MiniClusterMain() {}

  public static void main(String[] args) throws Exception {
    if (args.length < 1) {
      System.err.println("usage: MiniClusterMain DIR [TABLET_SERVERS [MB_PER_SERVER]]");
      System.exit(2);
    }
    Path dir = Path.of(args[0]).toAbsolutePath();
    if (Files.exists(dir)) {
      System.err.println(dir + " exists: a mini cluster starts in a new directory");
      System.exit(2);
    }
    int servers = args.length > 1 ? Integer.parseInt(args[1]) : 2;
    int mb = args.length > 2 ? Integer.parseInt(args[2]) : 1024;
    Files.createDirectories(dir);
    MiniAccumuloConfig cfg = new MiniAccumuloConfig(dir.resolve("cluster").toFile(), "quarry");
    cfg.setNumTservers(servers);
    cfg.setDefaultMemory(mb, MemoryUnit.MEGABYTE);
    MiniAccumuloCluster mac = new MiniAccumuloCluster(cfg);
    long t0 = System.nanoTime();
    mac.start();
    Runtime.getRuntime().addShutdownHook(new Thread(() -> stop(mac)));
    Path yaml = dir.resolve("quarry.yaml");
    Files.writeString(
        yaml,
        String.join(
            "\n",
            "# Written by MiniClusterMain: the Accumulo backend on the mini cluster in this directory.",
            "store:",
            "  storage: accumulo",
            "  accumulo:",
            "    instance: " + mac.getInstanceName(),
            "    zookeepers: " + mac.getZooKeepers(),
            "    user: root",
            "    password: quarry",
            ""));
    System.out.printf(
        "mini cluster up in %.1f s: instance %s, ZooKeeper %s, %d tablet servers of %d MB%n"
            + "options for quarry: --config %s%n",
        (System.nanoTime() - t0) / 1e9,
        mac.getInstanceName(),
        mac.getZooKeepers(),
        servers,
        mb,
        yaml);
    Thread.currentThread().join();
  }

  private static void stop(MiniAccumuloCluster mac) {
    try {
      mac.stop();
    } catch (Exception e) {
      System.err.println("stopping the mini cluster: " + e);
    } finally {
      // stop() run from a shutdown hook leaves ZooKeeper running: end every child outright.
      ProcessHandle.current().descendants().forEach(ProcessHandle::destroyForcibly);
    }
  }
}
