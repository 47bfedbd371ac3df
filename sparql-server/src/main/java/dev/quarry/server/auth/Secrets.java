package dev.quarry.server.auth;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.HexFormat;
import javax.crypto.SecretKeyFactory;
import javax.crypto.spec.PBEKeySpec;

/**
 * Secrets as the configuration keeps them: hashed, never in clear. A bearer token is 256 random
 * bits, so one SHA-256 suffices ({@code sha256:<hex>}); a password may be guessable, so it is
 * stretched with PBKDF2-HMAC-SHA256 and a random salt ({@code pbkdf2-sha256:<iterations>:<salt>:
 * <hash>}, base64). Comparisons take the same time whatever the bytes.
 */
public final class Secrets {
  /** OWASP's 2023 figure for PBKDF2-HMAC-SHA256. */
  static final int ITERATIONS = 600_000;

  private static final SecureRandom RANDOM = new SecureRandom();

  private Secrets() {}

  /** A new bearer token: 32 random bytes, base64url. */
  public static String newToken() {
    byte[] b = new byte[32];
    RANDOM.nextBytes(b);
    return Base64.getUrlEncoder().withoutPadding().encodeToString(b);
  }

  /** How the configuration keeps {@code token}. */
  public static String hashToken(String token) {
    return "sha256:" + HexFormat.of().formatHex(sha256(token));
  }

  /** How the configuration keeps {@code password}: salted and stretched. */
  public static String hashPassword(String password) {
    byte[] salt = new byte[16];
    RANDOM.nextBytes(salt);
    return hashPassword(password, salt, ITERATIONS);
  }

  static String hashPassword(String password, byte[] salt, int iterations) {
    Base64.Encoder b64 = Base64.getEncoder().withoutPadding();
    return "pbkdf2-sha256:"
        + iterations
        + ":"
        + b64.encodeToString(salt)
        + ":"
        + b64.encodeToString(pbkdf2(password, salt, iterations));
  }

  /** True if {@code password} is the one {@code stored} was made from. */
  static boolean passwordMatches(String password, PasswordHash stored) {
    return MessageDigest.isEqual(
        pbkdf2(password, stored.salt(), stored.iterations()), stored.hash());
  }

  /** A parsed {@code pbkdf2-sha256:...} hash. */
  record PasswordHash(int iterations, byte[] salt, byte[] hash) {
    static PasswordHash parse(String s) {
      String[] f = s.split(":");
      if (f.length != 4 || !f[0].equals("pbkdf2-sha256")) {
        throw new IllegalArgumentException(
            "a password hash looks like pbkdf2-sha256:<iterations>:<salt>:<hash> (made by `quarry"
                + " auth password NAME`)");
      }
      try {
        int iterations = Integer.parseInt(f[1]);
        if (iterations < 10_000) {
          throw new IllegalArgumentException("a password hash needs at least 10,000 iterations");
        }
        return new PasswordHash(
            iterations, Base64.getDecoder().decode(f[2]), Base64.getDecoder().decode(f[3]));
      } catch (NumberFormatException e) { // IllegalArgumentException covers bad base64 too
        throw new IllegalArgumentException(
            "a password hash's iterations are not a number: " + f[1]);
      }
    }
  }

  /** The bytes a {@code sha256:<hex>} token hash holds. */
  static byte[] parseTokenHash(String s) {
    if (!s.startsWith("sha256:") || s.length() != 7 + 64) {
      throw new IllegalArgumentException(
          "a token hash looks like sha256:<64 hex digits> (made by `quarry auth token`)");
    }
    return HexFormat.of().parseHex(s.substring(7));
  }

  static byte[] sha256(String s) {
    try {
      return MessageDigest.getInstance("SHA-256").digest(s.getBytes(StandardCharsets.UTF_8));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  private static byte[] pbkdf2(String password, byte[] salt, int iterations) {
    try {
      PBEKeySpec spec = new PBEKeySpec(password.toCharArray(), salt, iterations, 256);
      return SecretKeyFactory.getInstance("PBKDF2WithHmacSHA256").generateSecret(spec).getEncoded();
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException(e);
    }
  }
}
