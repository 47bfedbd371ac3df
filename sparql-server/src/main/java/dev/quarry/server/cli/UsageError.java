package dev.quarry.server.cli;

/** A command used wrongly (a bad option value, a store that is not there): exit code 2. */
final class UsageError extends RuntimeException {
  UsageError(String message) {
    super(message);
  }
}
