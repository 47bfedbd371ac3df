package dev.quarry.core.storage;

import java.nio.file.Path;

/**
 * A store written in another on-disk format than this Quarry's: says which, and the command that
 * brings it over (an in-place upgrade for formats this Quarry knows, else a logical backup with the
 * Quarry that wrote it and a restore with this one).
 */
public final class StoreFormatException extends StoreException {
  private final String found;

  public StoreFormatException(Path dir, String found, String expected) {
    super(message(dir, found, expected));
    this.found = found;
  }

  /** The format the store's marker names. */
  public String found() {
    return found;
  }

  private static String message(Path dir, String found, String expected) {
    String head =
        "the store in "
            + dir
            + " has on-disk format '"
            + found
            + "', this Quarry reads '"
            + expected
            + "'";
    if (StoreFormats.upgradableInPlace(found)) {
      return head
          + ": upgrade it in place with 'quarry upgrade --location "
          + dir
          + "' (it copies the store aside first), with no server running on it";
    }
    return head
        + ": with the Quarry that wrote it, 'quarry backup --location "
        + dir
        + " --to store.nq.gz'; with this one, 'quarry restore --from store.nq.gz --location NEW_DIR'";
  }
}
