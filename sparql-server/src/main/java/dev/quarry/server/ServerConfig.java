package dev.quarry.server;

import dev.quarry.core.config.Config;
import java.time.Duration;

/** The server's options, read once from the configuration (see config/quarry.yaml). */
public record ServerConfig(
    String host,
    int port,
    boolean demoData,
    int ioThreads,
    int queryThreads,
    long maxRequestBytes,
    Duration queryTimeout,
    Duration updateTimeout,
    long maxResultRows,
    boolean updateEnabled,
    boolean allowService,
    boolean allowLoadUrls,
    long queryShapes,
    int queuedRequests,
    boolean compress,
    String corsOrigins,
    String tlsCertificate,
    String tlsKey,
    String loadDirs,
    String authTokens,
    String authUsers,
    String authRequire,
    boolean unionDefaultGraph) {

  public static ServerConfig from(Config c) {
    return new ServerConfig(
        c.getString("server.host"),
        c.getInt("server.port"),
        c.getBoolean("server.demo-data"),
        c.getInt("server.io-threads"),
        Math.max(1, c.getInt("server.query-threads")),
        c.getBytes("limits.max-request-bytes"),
        c.getDuration("limits.query-timeout"),
        c.getDuration("limits.update-timeout"),
        c.getLong("limits.max-result-rows"),
        c.getBoolean("update.enabled"),
        c.getBoolean("remote.allow-service"),
        c.getBoolean("remote.allow-load-urls"),
        c.getLong("server.query-shapes"),
        Math.max(1, c.getInt("server.queued-requests")),
        c.getBoolean("server.compress"),
        c.getString("server.cors-origins"),
        c.getString("server.tls.certificate"),
        c.getString("server.tls.key"),
        c.getString("update.load-dirs"),
        c.getString("auth.tokens"),
        c.getString("auth.users"),
        c.getString("auth.require"),
        c.getString("store.default-graph").equals("union"));
  }
}
