package dev.quarry.core.storage;

import java.io.IOException;

/** A page whose content does not match its checksum: the device returned something else. */
public final class CorruptPageException extends IOException {
  private final long page;

  public CorruptPageException(long page, String where, int stored, int computed) {
    super(
        String.format(
            "page %d of %s is corrupt: checksum %08x stored, %08x computed",
            page, where, stored, computed));
    this.page = page;
  }

  public long page() {
    return page;
  }
}
