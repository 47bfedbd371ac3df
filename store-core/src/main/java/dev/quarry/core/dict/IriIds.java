package dev.quarry.core.dict;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import java.util.function.LongFunction;
import java.util.function.ToLongFunction;
import org.apache.jena.graph.NodeFactory;

/**
 * IRIs held in their id: an IRI that is a prefix and a decimal number ({@code .../Offer123}) has
 * the id {@link NodeIds#TAG_IRI}, the prefix's number (16 bits) and the number (40 bits), and no
 * record in the term table. Most IRIs of generated and exported data have this form (BSBM's
 * products, offers, reviews, persons), and reading their records was 44 % of a memory-capped
 * server's device reads of the term file at BSBM 100M.
 *
 * <p>Every term has exactly one id, so the rule is: such an IRI is held inline if and only if its
 * prefix is in this table. A prefix is added when the first IRI with it is created (by a write or a
 * load), in the same commit, and never removed; the table stops growing at {@link #MAX_PREFIXES}
 * and an IRI whose prefix came later is a record for good. That holds only in a store whose every
 * IRI was created this way: one made by a Quarry with this table, which says so by a {@link
 * #SENTINEL} row in the term hash index from its first commit on. In a store without it (an older
 * store, upgraded in place) IRIs are records as before.
 *
 * <p>The table numbers names: {@link TypedIds} numbers literals' datatypes in it too (a datatype
 * IRI met as a prefix would be the same name with the same number, so the rule above holds).
 *
 * <p>The table lives in the term hash index and the term table: prefix k is a record (the prefix as
 * an IRI, which no hash row points at, so no lookup finds it) and a row under the hash of (kind 10,
 * k) holding that record's id. Opening reads the rows for k = 1, 2, ... until one is missing.
 *
 * <p>The number has no leading zero ("Offer007" stays a record: "Offer7" is another IRI) and is
 * below 2^40; the prefix does not end with a digit.
 */
final class IriIds {
  /** Prefixes are numbered 1..MAX_PREFIXES. */
  static final int MAX_PREFIXES = 65_535;

  private static final int NUMBER_BITS = 40;
  private static final long MAX_NUMBER = (1L << NUMBER_BITS) - 1;
  private static final int MAX_DIGITS = 13; // 2^40 has 13 digits; the bound is checked as a value
  private static final byte PREFIX_KEY = 10;

  /**
   * Whether a new store keeps the table: {@code -Dquarry.store.iri-ids=false} makes one whose IRIs
   * are all records, as an older Quarry did (to measure what the table saves).
   */
  static boolean forNewStores() {
    return Boolean.parseBoolean(System.getProperty("quarry.store.iri-ids", "true"));
  }

  /** The row whose presence says every IRI of the store was created with this table. */
  static final long[] SENTINEL = sentinel();

  private final boolean enabled;
  private final ConcurrentHashMap<String, Integer> numbers = new ConcurrentHashMap<>();
  private volatile String[] prefixes = new String[16]; // by number; [0] unused
  private volatile int committed; // prefixes 1..committed are in the last commit
  private int size; // ... and up to size, a writer's (guarded by this)

  /**
   * The table of a committed state: {@code enabled} if the store keeps it; its prefixes read with
   * {@code rowId} (the id under a hash index key, or NONE) and {@code record} (a term id's record).
   */
  IriIds(boolean enabled, ToLongFunction<long[]> rowId, LongFunction<byte[]> record) {
    this.enabled = enabled;
    if (!enabled) {
      return;
    }
    for (int k = 1; k <= MAX_PREFIXES; k++) {
      long id = rowId.applyAsLong(key(k));
      if (id == NodeIds.NONE) {
        break;
      }
      byte[] r = record.apply(id);
      add(k, TermCodec.decode(r, 0, r.length, p -> null).getURI());
    }
    committed = size;
  }

  boolean enabled() {
    return enabled;
  }

  /**
   * The inline id of {@code iri} if its prefix is in the table ({@code writer}: with the writer's
   * own new prefixes), else NONE: a record, or no such IRI.
   */
  long id(String iri, boolean writer) {
    int cut = enabled ? cut(iri) : -1;
    int k = cut < 0 ? 0 : number(iri.substring(0, cut), writer);
    return k == 0 ? NodeIds.NONE : make(k, iri, cut);
  }

  /**
   * The inline id of {@code iri}, its prefix added to the table if new and the table not full (then
   * {@code append} writes the prefix's record and returns its id, and {@code rows} takes the row
   * that finds it); NONE if it cannot be inline. Writer only (a load's threads at once).
   */
  long create(String iri, ToLongFunction<byte[]> append, Consumer<long[]> rows) {
    int cut = enabled ? cut(iri) : -1;
    int k = cut < 0 ? 0 : createNumber(iri.substring(0, cut), append, rows);
    return k == 0 ? NodeIds.NONE : make(k, iri, cut);
  }

  /**
   * The number of {@code name} in the table ({@code writer}: with the writer's own), 0 if it has
   * none. {@link TypedIds} numbers datatypes here too: one table of names, whatever they name.
   */
  int number(String name, boolean writer) {
    Integer k = enabled ? numbers.get(name) : null;
    return k == null || (!writer && k > committed) ? 0 : k;
  }

  /** The number of {@code name}, added if new (as {@link #create}); 0 if the table is full. */
  int createNumber(String name, ToLongFunction<byte[]> append, Consumer<long[]> rows) {
    Integer k = numbers.get(name);
    if (k == null) {
      synchronized (this) {
        k = numbers.get(name);
        if (k == null) {
          if (size >= MAX_PREFIXES) {
            return 0; // full: a record, now and for good
          }
          k = size + 1;
          byte[] record = TermCodec.encode(NodeFactory.createURI(name), p -> NodeIds.NONE);
          long[] key = key(k);
          rows.accept(new long[] {key[0], key[1], append.applyAsLong(record)});
          add(k, name);
        }
      }
    }
    return k;
  }

  /** The name numbered {@code k}. */
  String name(int k) {
    String[] p = prefixes;
    if (k <= 0 || k >= p.length || p[k] == null) {
      throw new IllegalStateException("an id of an unknown name number: " + k);
    }
    return p[k];
  }

  /** The IRI of an inline IRI id. */
  String iri(long id) {
    return name((int) (NodeIds.payload(id) >>> NUMBER_BITS)).concat(Long.toString(id & MAX_NUMBER));
  }

  /** The writer's prefixes are committed. */
  synchronized void commit() {
    committed = size;
  }

  /** The writer aborted: its prefixes are forgotten (their records went with the term table's). */
  synchronized void rollback() {
    String[] p = prefixes;
    for (int k = committed + 1; k <= size; k++) {
      numbers.remove(p[k]);
      p[k] = null;
    }
    size = committed;
  }

  private void add(int k, String prefix) {
    String[] p = prefixes;
    if (k >= p.length) {
      p = Arrays.copyOf(p, Math.min(MAX_PREFIXES + 1, p.length * 2));
    }
    p[k] = prefix;
    prefixes = p; // published before the number can be found
    numbers.put(prefix, k);
    size = k;
  }

  private static long make(int k, String iri, int cut) {
    long number = Long.parseLong(iri, cut, iri.length(), 10);
    return NodeIds.make(NodeIds.TAG_IRI, ((long) k << NUMBER_BITS) | number);
  }

  /**
   * Where the number of {@code iri} starts, or -1 if it has none that can be inline: no digits, a
   * leading zero (unless the number is 0), a value of 2^40 or more, or nothing before it.
   */
  static int cut(String iri) {
    int end = iri.length();
    int i = end;
    while (i > 0 && iri.charAt(i - 1) >= '0' && iri.charAt(i - 1) <= '9') {
      i--;
    }
    int digits = end - i;
    if (digits == 0 || i == 0 || digits > MAX_DIGITS || (digits > 1 && iri.charAt(i) == '0')) {
      return -1;
    }
    if (digits == MAX_DIGITS && Long.parseLong(iri, i, end, 10) > MAX_NUMBER) {
      return -1;
    }
    return i;
  }

  /** The hash index key of prefix {@code k}'s row. */
  static long[] key(int k) {
    byte[] b = {PREFIX_KEY, (byte) k, (byte) (k >>> 8)};
    long[] h = new long[2];
    Murmur3.hash128(b, b.length, 0, h);
    return h;
  }

  private static long[] sentinel() {
    byte[] b = "quarry:iri-ids:v1".getBytes(StandardCharsets.US_ASCII);
    long[] h = new long[2];
    Murmur3.hash128(b, b.length, 0, h);
    return new long[] {h[0], h[1], 1};
  }
}
