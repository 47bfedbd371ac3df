package dev.quarry.core.query.exec;

import java.util.Arrays;

/** Ids as a hash key: equal when the ids are, as terms are (one id per term). */
record RowKey(long[] ids) {
  @Override
  public boolean equals(Object o) {
    return o instanceof RowKey k && Arrays.equals(ids, k.ids);
  }

  @Override
  public int hashCode() {
    return Arrays.hashCode(ids);
  }
}
