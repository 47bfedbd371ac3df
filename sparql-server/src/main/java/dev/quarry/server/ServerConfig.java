package dev.quarry.server;

import dev.quarry.core.config.Config;
import dev.quarry.core.config.ConfigException;
import dev.quarry.server.connections.ConnectionLimits;
import dev.quarry.server.sparql.TextLimits;
import java.time.Duration;

/** The server's options, read once from the configuration (see config/quarry.yaml). */
public record ServerConfig(
    String host,
    int port,
    boolean demoData,
    int ioThreads,
    int queryThreads,
    int queryNice,
    int queryNiceAtStart,
    Duration inlineQueryTime,
    long maxRequestBytes,
    Duration queryTimeout,
    Duration updateTimeout,
    long maxResultRows,
    long queryMemory,
    long totalQueryMemory,
    boolean updateEnabled,
    boolean allowService,
    boolean allowLoadUrls,
    long queryShapes,
    TextLimits textLimits,
    int queuedRequests,
    boolean compress,
    String corsOrigins,
    String tlsCertificate,
    String tlsKey,
    String loadDirs,
    String authTokens,
    String authUsers,
    String authRequire,
    boolean unionDefaultGraph,
    ConnectionLimits connections) {

  public static ServerConfig from(Config c) {
    return new ServerConfig(
        c.getString("server.host"),
        c.getInt("server.port"),
        c.getBoolean("server.demo-data"),
        c.getInt("server.io-threads"),
        queryThreads(c, Runtime.getRuntime().availableProcessors()),
        queryNice(c, "server.query-nice"),
        queryNice(c, "server.query-nice-at-start"),
        c.getDuration("server.inline-query-time"),
        c.getBytes("limits.max-request-bytes"),
        c.getDuration("limits.query-timeout"),
        c.getDuration("limits.update-timeout"),
        c.getLong("limits.max-result-rows"),
        memory(c, "limits.query-memory", 8),
        memory(c, "limits.total-query-memory", 2),
        c.getBoolean("update.enabled"),
        c.getBoolean("remote.allow-service"),
        c.getBoolean("remote.allow-load-urls"),
        c.getLong("server.query-shapes"),
        new TextLimits(
            Math.max(1, c.getInt("limits.query-nesting")),
            Math.max(0, c.getInt("limits.query-terms"))),
        Math.max(1, c.getInt("server.queued-requests")),
        c.getBoolean("server.compress"),
        c.getString("server.cors-origins"),
        c.getString("server.tls.certificate"),
        c.getString("server.tls.key"),
        c.getString("update.load-dirs"),
        c.getString("auth.tokens"),
        c.getString("auth.users"),
        c.getString("auth.require"),
        c.getString("store.default-graph").equals("union"),
        ConnectionLimits.from(c));
  }

  /** Query threads per core with {@code server.query-threads: auto}. */
  static final int THREADS_PER_CORE = 4;

  /**
   * {@code server.query-threads}: a number, or {@code auto}: {@link #THREADS_PER_CORE} per core. On
   * two cores, 16 clients of BSBM 1M ran 16 % faster warm on 8 threads than on 16 (fewer switches
   * between queries); more than one per core keeps the cores busy while some threads wait on reads.
   */
  static int queryThreads(Config c, int cores) {
    String v = c.getString("server.query-threads").trim();
    if (v.equalsIgnoreCase("auto")) {
      return THREADS_PER_CORE * Math.max(1, cores);
    }
    try {
      return Math.max(1, Integer.parseInt(v));
    } catch (NumberFormatException e) {
      throw new ConfigException(
          "option 'server.query-threads' must be a number or auto, got '" + v + "'");
    }
  }

  /** A nice value to add to the query threads' (Linux's range: 0 to 19). */
  private static int queryNice(Config c, String key) {
    int nice = c.getInt(key);
    if (nice < 0 || nice > 19) {
      throw new ConfigException("option '" + key + "' must be from 0 (off) to 19, got " + nice);
    }
    return nice;
  }

  /** A memory limit: a size, or {@code auto}: the heap divided by {@code share}. */
  private static long memory(Config c, String key, int share) {
    String v = c.getString(key).trim();
    long bytes =
        v.equalsIgnoreCase("auto")
            ? Runtime.getRuntime().maxMemory() / share
            : Config.parseBytes(v, key);
    if (bytes < 1 << 20) {
      throw new ConfigException("option '" + key + "' must be at least 1MB, got '" + v + "'");
    }
    return bytes;
  }
}
