package dev.quarry.accumulo.tserver;

import java.io.IOException;
import java.util.Arrays;
import java.util.Collection;
import java.util.Map;
import org.apache.accumulo.core.data.ByteSequence;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.PartialKey;
import org.apache.accumulo.core.data.Range;
import org.apache.accumulo.core.data.Value;
import org.apache.accumulo.core.iterators.IteratorEnvironment;
import org.apache.accumulo.core.iterators.IteratorUtil;
import org.apache.accumulo.core.iterators.SortedKeyValueIterator;

/**
 * Walks each key's versions, newest first (Accumulo's order), and lets a subclass say of each
 * version whether it passes and whether the key's older versions are still wanted. A Quarry cell's
 * timestamp is {@code txn << 20 | flush}; the options name the transactions whose cells nobody
 * reads ({@link #ABORTED}) and whether the table's values say "deleted" ({@link #LIVE}: the quad
 * tables, whose value {@code -} marks a deletion).
 *
 * <p>Runs inside the tablet servers (a scan or a compaction), so it depends on Accumulo alone.
 */
public abstract class VersionIterator extends StackedIterator {
  /** Option: the aborted transactions, comma-separated (may be empty). */
  public static final String ABORTED = "aborted";

  /** Option: "true" on quad tables, whose value {@code -} is a deletion. */
  public static final String LIVE = "live";

  static final int FLUSH_BITS = 20;
  private static final byte DELETED = '-';

  /** What becomes of one version. */
  enum Verdict {
    /** Not passed; older versions of the key are looked at. */
    SKIP,
    /** Passed; older versions are looked at too. */
    PASS,
    /** Passed; no older version of the key is. */
    PASS_LAST,
    /** Not passed, nor is any older version of the key. */
    DROP_REST
  }

  protected IteratorEnvironment env;
  private long[] aborted; // sorted
  private boolean live;
  private Key current; // the key (without timestamp) whose versions are being walked
  private boolean restDropped;

  /** The verdict on a version from transaction {@code txn}, the newest left of its key. */
  abstract Verdict judge(long txn, boolean deleted);

  /** Reads the subclass's own options. */
  abstract void configure(Map<String, String> options);

  @Override
  abstract VersionIterator fresh();

  @Override
  public void init(
      SortedKeyValueIterator<Key, Value> source,
      Map<String, String> options,
      IteratorEnvironment env) {
    super.init(source, options, env);
    this.env = env;
    String a = options.getOrDefault(ABORTED, "");
    this.aborted =
        a.isEmpty()
            ? new long[0]
            : Arrays.stream(a.split(",")).mapToLong(Long::parseLong).sorted().toArray();
    this.live = Boolean.parseBoolean(options.get(LIVE));
    configure(options);
  }

  final boolean aborted(long txn) {
    return Arrays.binarySearch(aborted, txn) >= 0;
  }

  @Override
  public void seek(Range range, Collection<ByteSequence> families, boolean inclusive)
      throws IOException {
    // From a key's newest version, whatever the range's start says of its timestamp: a scan that
    // resumes after a version it returned must not see the older ones as a key of their own.
    current = null;
    source.seek(IteratorUtil.maximizeStartKeyTimeStamp(range), families, inclusive);
    findTop();
    while (topKey != null && range.beforeStartKey(topKey)) {
      findTop();
    }
  }

  @Override
  void findTop() throws IOException {
    topKey = null;
    topValue = null;
    while (source.hasTop()) {
      Key k = source.getTopKey();
      if (current == null || !k.equals(current, PartialKey.ROW_COLFAM_COLQUAL_COLVIS)) {
        current = new Key(k);
        restDropped = false;
      } else if (restDropped) {
        source.next();
        continue;
      }
      Value v = source.getTopValue();
      boolean deleted = live && v.getSize() == 1 && v.get()[0] == DELETED;
      Verdict verdict = judge(k.getTimestamp() >>> FLUSH_BITS, deleted);
      if (verdict == Verdict.PASS || verdict == Verdict.PASS_LAST) {
        topKey = new Key(k);
        topValue = new Value(v);
      }
      restDropped = verdict == Verdict.PASS_LAST || verdict == Verdict.DROP_REST;
      source.next();
      if (topKey != null) {
        return;
      }
    }
  }
}
