package dev.quarry.server.w3c;

import java.util.Map;

/**
 * The approved W3C tests Quarry does not run, each with its reason. Keep this list short: a test
 * belongs here only when the expectation cannot be met by Quarry's engine itself.
 */
final class Exclusions {
  private static final Map<String, String> REASONS =
      Map.of(
          "functions/manifest#bnode01",
          "BNODE(str) must give the same blank node for the same string within one solution;"
              + " ARQ 6.2 evaluates the expression, and gives a fresh blank node per call");

  private Exclusions() {}

  /** The reason test {@code id} ({@code folder/manifest#name}) is excluded, or null. */
  static String reason(String id) {
    return REASONS.get(id);
  }
}
