package dev.quarry.server.auth;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import dev.quarry.core.config.ConfigException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Who may do what: which requests need credentials, and whether a request's {@code Authorization}
 * header carries valid ones (a bearer token or a basic-auth user from the configuration). Every
 * holder of valid credentials may read and write.
 *
 * <p>A password check costs a PBKDF2 stretch (a few hundred ms by design), so a verified user and
 * password are remembered, by their SHA-256, for a few minutes: a client sending basic auth with
 * every request pays the stretch once.
 */
public final class Access {
  /** Which requests need credentials. */
  public enum Require {
    NONE,
    WRITES,
    ALL
  }

  private final Require require;
  private final List<byte[]> tokenHashes;
  private final Map<String, Secrets.PasswordHash> users;
  private final Secrets.PasswordHash decoy; // checked for unknown users, so timing tells nothing
  private final Cache<String, Boolean> verified =
      Caffeine.newBuilder().maximumSize(1_000).expireAfterWrite(Duration.ofMinutes(10)).build();

  private Access(
      Require require, List<byte[]> tokenHashes, Map<String, Secrets.PasswordHash> users) {
    this.require = require;
    this.tokenHashes = tokenHashes;
    this.users = users;
    // Any salt and hash do: only the stretch's cost matters, and no password matches zeros.
    this.decoy =
        users.isEmpty()
            ? null
            : new Secrets.PasswordHash(
                users.values().iterator().next().iterations(), new byte[16], new byte[32]);
  }

  /**
   * The policy from the configuration's {@code auth.*} options.
   *
   * @param loopbackOnly the server listens on loopback addresses only
   * @param writesEnabled {@code update.enabled}
   * @throws ConfigException for a malformed credential, or a policy that would leave writes open to
   *     a network
   */
  public static Access from(
      String tokens, String users, String require, boolean loopbackOnly, boolean writesEnabled) {
    List<byte[]> tokenHashes = new ArrayList<>();
    Map<String, Secrets.PasswordHash> userHashes = new HashMap<>();
    try {
      for (String t : split(tokens)) {
        tokenHashes.add(Secrets.parseTokenHash(t));
      }
      for (String u : split(users)) {
        int colon = u.indexOf(':');
        if (colon <= 0) {
          throw new IllegalArgumentException("auth.users holds name:hash entries");
        }
        userHashes.put(u.substring(0, colon), Secrets.PasswordHash.parse(u.substring(colon + 1)));
      }
    } catch (IllegalArgumentException e) {
      throw new ConfigException("auth: " + e.getMessage());
    }
    boolean anyCredential = !tokenHashes.isEmpty() || !userHashes.isEmpty();
    Require r =
        switch (require.trim().toLowerCase(Locale.ROOT)) {
          case "none" -> Require.NONE;
          case "writes" -> Require.WRITES;
          case "all" -> Require.ALL;
          case "auto" -> {
            if (anyCredential) {
              yield Require.WRITES;
            }
            if (writesEnabled && !loopbackOnly) {
              throw new ConfigException(
                  "update.enabled on a server that listens beyond loopback needs credentials"
                      + " (auth.tokens or auth.users), or auth.require: none to leave writes open"
                      + " to anyone who can reach it");
            }
            yield Require.NONE;
          }
          default ->
              throw new ConfigException(
                  "auth.require must be auto, writes, all or none, got '" + require + "'");
        };
    if (r != Require.NONE && !anyCredential) {
      throw new ConfigException(
          "auth.require: " + require + " needs credentials in auth.tokens or auth.users");
    }
    return new Access(r, List.copyOf(tokenHashes), Map.copyOf(userHashes));
  }

  /** True if a request that {@code writes} (or only reads) must carry valid credentials. */
  public boolean needsCredentials(boolean writes) {
    return switch (require) {
      case NONE -> false;
      case WRITES -> writes;
      case ALL -> true;
    };
  }

  /**
   * True if checking a request that {@code writes} (or only reads) with {@code authorization} (the
   * header's value, or null) takes microseconds: no credentials needed, or none or a bearer token
   * sent (one SHA-256 per configured token). A password (basic auth) is slow to check by design.
   */
  public boolean quickToCheck(boolean writes, String authorization) {
    return !needsCredentials(writes)
        || authorization == null
        || !authorization.trim().regionMatches(true, 0, "basic ", 0, 6);
  }

  /** True if {@code authorization} (the header's value, or null) carries valid credentials. */
  public boolean accepts(String authorization) {
    if (authorization == null) {
      return false;
    }
    String h = authorization.trim();
    int space = h.indexOf(' ');
    if (space < 0) {
      return false;
    }
    String scheme = h.substring(0, space).toLowerCase(Locale.ROOT);
    String value = h.substring(space + 1).trim();
    return switch (scheme) {
      case "bearer" -> tokenMatches(value);
      case "basic" -> basicMatches(value);
      default -> false;
    };
  }

  private boolean tokenMatches(String token) {
    byte[] presented = Secrets.sha256(token);
    boolean match = false;
    for (byte[] h : tokenHashes) { // every hash compared, in constant time each
      match |= MessageDigest.isEqual(presented, h);
    }
    return match;
  }

  private boolean basicMatches(String encoded) {
    String pair;
    try {
      pair = new String(Base64.getDecoder().decode(encoded), StandardCharsets.UTF_8);
    } catch (IllegalArgumentException e) {
      return false;
    }
    int colon = pair.indexOf(':');
    if (colon < 0 || users.isEmpty()) {
      return false;
    }
    String key = HexFormat.of().formatHex(Secrets.sha256(pair));
    if (verified.getIfPresent(key) != null) {
      return true;
    }
    Secrets.PasswordHash stored = users.get(pair.substring(0, colon));
    boolean ok =
        Secrets.passwordMatches(pair.substring(colon + 1), stored != null ? stored : decoy);
    if (ok && stored != null) {
      verified.put(key, Boolean.TRUE);
      return true;
    }
    return false;
  }

  private static List<String> split(String list) {
    List<String> out = new ArrayList<>();
    for (String s : list.split(",")) {
      if (!s.isBlank()) {
        out.add(s.trim());
      }
    }
    return out;
  }
}
