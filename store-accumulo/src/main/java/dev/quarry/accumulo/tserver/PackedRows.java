package dev.quarry.accumulo.tserver;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.Collection;
import java.util.Map;
import org.apache.accumulo.core.data.ByteSequence;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Range;
import org.apache.accumulo.core.data.Value;
import org.apache.accumulo.core.iterators.IteratorEnvironment;
import org.apache.accumulo.core.iterators.SortedKeyValueIterator;

/**
 * A scan's rows packed on the tablet server: of each run of up to {@link #ROWS} rows of one length
 * that share their first {@link #SKIP} bytes, one entry whose key is the run's last cell and whose
 * value is each row's bytes past the skipped ones, concatenated. The reader knows what it skipped
 * (the parts its range binds: they lead the key it gets), so a row costs the parts it did not know
 * instead of a key of its own (32 bytes of row, a timestamp, column lengths) and a value.
 *
 * <p>The entry's key is the last cell's, so a scan that a tablet server resumes after it (the next
 * batch, a re-seek after its files changed) goes on with the next row. Stacked last, over the
 * reader's {@link VisibleVersions} and any row filter; depends on Accumulo alone.
 */
public final class PackedRows extends StackedIterator {
  /** Option: leading bytes of each row not sent (the reader's bound prefix). */
  public static final String SKIP = "skip";

  /** Option: rows per entry at most. */
  public static final String ROWS = "rows";

  private int skip;
  private int rows;
  private final ByteArrayOutputStream packed = new ByteArrayOutputStream();

  @Override
  public void init(
      SortedKeyValueIterator<Key, Value> source,
      Map<String, String> options,
      IteratorEnvironment env) {
    super.init(source, options, env);
    this.skip = Integer.parseInt(options.getOrDefault(SKIP, "0"));
    this.rows = Integer.parseInt(options.getOrDefault(ROWS, "64"));
    if (skip < 0 || rows < 1) {
      throw new IllegalArgumentException("packed rows: skip " + skip + ", rows " + rows);
    }
  }

  @Override
  public void seek(Range range, Collection<ByteSequence> families, boolean inclusive)
      throws IOException {
    source.seek(range, families, inclusive);
    findTop();
  }

  /** The next run of rows, packed. */
  @Override
  void findTop() throws IOException {
    topKey = null;
    topValue = null;
    if (!source.hasTop()) {
      return;
    }
    packed.reset();
    ByteSequence first = source.getTopKey().getRowData();
    int length = first.length();
    int from = Math.min(skip, length);
    byte[] lead = first.subSequence(0, from).toArray();
    Key last = null;
    for (int n = 0; n < rows && source.hasTop(); n++) {
      Key k = source.getTopKey();
      ByteSequence row = k.getRowData();
      if (row.length() != length || !startsWith(row, lead)) {
        break; // another run: its own entry
      }
      packed.write(row.getBackingArray(), row.offset() + from, length - from);
      last = new Key(k); // the source may reuse its key object once moved on
      source.next();
    }
    topKey = last;
    topValue = new Value(packed.toByteArray());
  }

  private static boolean startsWith(ByteSequence row, byte[] lead) {
    byte[] b = row.getBackingArray();
    int off = row.offset();
    for (int i = 0; i < lead.length; i++) {
      if (b[off + i] != lead[i]) {
        return false;
      }
    }
    return true;
  }

  @Override
  PackedRows fresh() {
    return new PackedRows();
  }
}
