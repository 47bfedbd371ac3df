package dev.quarry.core.config;

/** A configuration that cannot be used; the message says which option and why. */
public final class ConfigException extends RuntimeException {
  public ConfigException(String message) {
    super(message);
  }
}
