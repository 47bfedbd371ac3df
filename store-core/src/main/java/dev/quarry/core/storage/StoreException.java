package dev.quarry.core.storage;

/** A store that cannot be opened or used as asked; the message says which store and why. */
public class StoreException extends RuntimeException {
  public StoreException(String message) {
    super(message);
  }

  public StoreException(String message, Throwable cause) {
    super(message, cause);
  }
}
