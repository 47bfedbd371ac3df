package dev.quarry.server.connections;

import dev.quarry.core.config.Config;
import dev.quarry.core.config.ConfigException;
import io.netty.util.AttributeKey;
import java.time.Duration;

/**
 * A connection's limits (config/quarry.yaml, {@code limits.*}); a zero duration or count is no
 * limit.
 *
 * @param headerTime from a request's first byte to the end of its headers (with TLS, the handshake
 *     of a new connection counts too)
 * @param bodyTime from the end of a request's headers to the end of its body
 * @param idleTime a connection with no request under way and no response being sent
 * @param stallTime a response the client has stopped reading: how long the server waits for the
 *     socket to drain before it closes the connection (and ends the query writing it)
 * @param maxConnections open connections; a new one beyond them is closed at once
 * @param maxPerAddress open connections from one client address
 */
public record ConnectionLimits(
    Duration headerTime,
    Duration bodyTime,
    Duration idleTime,
    Duration stallTime,
    int maxConnections,
    int maxPerAddress) {

  /** Each connection's {@link #stallTime()}, for whatever streams a response on it. */
  public static final AttributeKey<Duration> STALL_TIME = AttributeKey.valueOf("quarry.stallTime");

  /** No limit at all (tests, embedding). */
  public static final ConnectionLimits NONE =
      new ConnectionLimits(Duration.ZERO, Duration.ZERO, Duration.ZERO, Duration.ZERO, 0, 0);

  public static ConnectionLimits from(Config c) {
    return new ConnectionLimits(
        c.getDuration("limits.request-header-time"),
        c.getDuration("limits.request-body-time"),
        c.getDuration("limits.idle-connection-time"),
        c.getDuration("limits.response-stall-time"),
        count(c, "limits.max-connections"),
        count(c, "limits.max-connections-per-address"));
  }

  private static int count(Config c, String key) {
    int n = c.getInt(key);
    if (n < 0) {
      throw new ConfigException("option '" + key + "' must be 0 (no limit) or more, got " + n);
    }
    return n;
  }
}
