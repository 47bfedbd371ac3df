package dev.quarry.core.txn;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;

/**
 * The named root slots of one committed state: a long per slot (a tree's root page, a file's
 * committed length, ...). The transaction layer stores and switches them atomically with the space
 * map; what a slot means belongs to the component that owns it. Immutable: a snapshot holds one, a
 * writer makes a new one from its working copy.
 *
 * <p>Persisted as {@code version 3, count, (name length, name in UTF-8, value) per slot}. Versions
 * 1 and 2 stored unnamed positions in the layout's order, its last slot stored last; {@link
 * #fromBytes} reads them by that order.
 */
public final class RootCatalog {
  /** The value of a slot that holds nothing yet (an empty tree). */
  public static final long NONE = -1L;

  private static final int VERSION = 3;
  private final String[] names;
  private final long[] values;

  private RootCatalog(String[] names, long[] values) {
    this.names = names;
    this.values = values;
  }

  /** A catalog with the given slots, each {@link #NONE}. */
  public static RootCatalog empty(List<String> slotNames) {
    long[] v = new long[slotNames.size()];
    Arrays.fill(v, NONE);
    return new RootCatalog(slotNames.toArray(String[]::new), v);
  }

  /** The position of slot {@code name}; components look it up once and use the position. */
  public int slot(String name) {
    for (int i = 0; i < names.length; i++) {
      if (names[i].equals(name)) {
        return i;
      }
    }
    throw new IllegalArgumentException("no root slot '" + name + "' in " + List.of(names));
  }

  public long get(int slot) {
    return values[slot];
  }

  public int size() {
    return values.length;
  }

  /** A copy of the values, for a writer to change. */
  public long[] values() {
    return values.clone();
  }

  /** The same slots with new values (a writer's working copy at commit). */
  public RootCatalog with(long[] newValues) {
    if (newValues.length != values.length) {
      throw new IllegalArgumentException("expected " + values.length + " root values");
    }
    return new RootCatalog(names, newValues.clone());
  }

  public byte[] toBytes() {
    byte[][] encoded = new byte[names.length][];
    int size = 8;
    for (int i = 0; i < names.length; i++) {
      encoded[i] = names[i].getBytes(StandardCharsets.UTF_8);
      size += 2 + encoded[i].length + 8;
    }
    ByteBuffer b = ByteBuffer.allocate(size).putInt(VERSION).putInt(names.length);
    for (int i = 0; i < names.length; i++) {
      b.putShort((short) encoded[i].length).put(encoded[i]).putLong(values[i]);
    }
    return b.array();
  }

  /**
   * Reads a persisted catalog into the slots of {@code layout}: slots the bytes lack stay {@link
   * #NONE} (a component added since starts empty); a persisted slot the layout lacks is an error.
   * Empty bytes (a new store) give the empty catalog. The unnamed versions 1 and 2 hold the first
   * {@code count} slots of the layout in order, then its last slot.
   */
  public static RootCatalog fromBytes(byte[] bytes, List<String> layout) {
    RootCatalog c = empty(layout);
    if (bytes.length == 0) {
      return c;
    }
    ByteBuffer b = ByteBuffer.wrap(bytes);
    int version = b.getInt();
    int count = b.getInt();
    if (version == VERSION) {
      for (int i = 0; i < count; i++) {
        byte[] name = new byte[b.getShort()];
        b.get(name);
        c.values[c.slot(new String(name, StandardCharsets.UTF_8))] = b.getLong();
      }
      return c;
    }
    if ((version == 1 || version == 2) && count < layout.size()) {
      for (int i = 0; i < count; i++) {
        c.values[i] = b.getLong();
      }
      c.values[layout.size() - 1] = b.getLong();
      return c;
    }
    throw new IllegalStateException("unknown root catalog format " + version + "/" + count);
  }

  @Override
  public String toString() {
    StringBuilder sb = new StringBuilder("{");
    for (int i = 0; i < names.length; i++) {
      sb.append(i == 0 ? "" : ", ").append(names[i]).append('=').append(values[i]);
    }
    return sb.append('}').toString();
  }
}
