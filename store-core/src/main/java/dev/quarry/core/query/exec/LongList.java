package dev.quarry.core.query.exec;

import java.util.Arrays;

/** A growable list of ids without boxing. */
final class LongList {
  long[] items = new long[8];
  int size;

  void add(long id) {
    if (size == items.length) {
      items = Arrays.copyOf(items, size * 2);
    }
    items[size++] = id;
  }

  void addAll(long[] ids) {
    if (size + ids.length > items.length) {
      items = Arrays.copyOf(items, Math.max(items.length * 2, size + ids.length));
    }
    System.arraycopy(ids, 0, items, size, ids.length);
    size += ids.length;
  }

  long[] toArray() {
    return Arrays.copyOf(items, size);
  }
}
