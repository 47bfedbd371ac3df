package dev.quarry.accumulo;

import dev.quarry.accumulo.tserver.PackedRows;
import java.util.Iterator;
import java.util.Map;
import java.util.NoSuchElementException;
import org.apache.accumulo.core.client.IteratorSetting;
import org.apache.accumulo.core.client.Scanner;
import org.apache.accumulo.core.client.ScannerBase;
import org.apache.accumulo.core.data.ByteSequence;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Value;

/**
 * Quad rows read packed ({@link PackedRows} on the tablet servers): a run of rows that share the
 * parts a reader's range binds comes as one entry, the bound parts once (they lead the entry's
 * key), the rest of each row in the value. A row then costs the tablet server, the network and the
 * client its free parts (8-32 bytes) instead of a cell of its own (about 50 bytes and two objects).
 */
final class Packed {
  /** After the reader's visibility (10) and row filter (70). */
  private static final int PRIORITY = 90;

  /** Rows per entry at most: small enough that a scan a LIMIT stops early reads little past it. */
  static final int ROWS = 64;

  /** Entries per batch of an ordered scan: about the 1,000 rows of Accumulo's default batch. */
  static final int BATCH = 16;

  private Packed() {}

  /** Packs {@code scan}'s rows, their first {@code skip} bytes sent once per entry. */
  static void apply(ScannerBase scan, int skip) {
    IteratorSetting packed = new IteratorSetting(PRIORITY, "quarryPacked", PackedRows.class);
    packed.addOption(PackedRows.SKIP, Integer.toString(skip));
    packed.addOption(PackedRows.ROWS, Integer.toString(ROWS));
    scan.addScanIterator(packed);
  }

  /** Packs an ordered scan's rows and sizes its batches for about {@code rows} rows each. */
  static void apply(Scanner scan, int skip, int rows) {
    apply(scan, skip);
    scan.setBatchSize(entries(rows));
  }

  /** The entries of a batch of about {@code rows} rows (a scanner's batch size counts entries). */
  static int entries(int rows) {
    return Math.max(1, (rows + ROWS - 1) / ROWS);
  }

  /** The rows (of {@link Order#KEY_BYTES}) of entries packed with {@code skip}, in their order. */
  static Iterator<byte[]> rows(Iterator<Map.Entry<Key, Value>> entries, int skip) {
    int width = Order.KEY_BYTES - skip;
    return new Iterator<>() {
      private ByteSequence lead; // the current entry's key row: its first skip bytes lead each row
      private byte[] rest = new byte[0];
      private int at;

      @Override
      public boolean hasNext() {
        while (at >= rest.length) {
          if (!entries.hasNext()) {
            return false;
          }
          Map.Entry<Key, Value> e = entries.next();
          lead = e.getKey().getRowData();
          rest = e.getValue().get();
          at = 0;
          if (lead.length() != Order.KEY_BYTES || rest.length % width != 0) {
            throw new IllegalStateException(
                "a packed entry of " + rest.length + " bytes is not rows of " + width);
          }
        }
        return true;
      }

      @Override
      public byte[] next() {
        if (!hasNext()) {
          throw new NoSuchElementException();
        }
        byte[] row = new byte[Order.KEY_BYTES];
        System.arraycopy(lead.getBackingArray(), lead.offset(), row, 0, skip);
        System.arraycopy(rest, at, row, skip, width);
        at += width;
        return row;
      }
    };
  }
}
