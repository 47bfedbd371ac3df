package dev.quarry.accumulo;

import java.nio.charset.StandardCharsets;
import java.util.regex.Pattern;
import org.apache.accumulo.core.client.IteratorSetting;
import org.apache.accumulo.core.client.ScannerBase;
import org.apache.accumulo.core.iterators.user.RegExFilter;

/**
 * A pattern's bound parts that its range cannot hold (g of a (p, g) pattern read from PSOG), tested
 * on the tablet servers, so that only matching rows cross the network. Accumulo's own regular
 * expression filter does it, on the row read as ISO-8859-1 (one character per byte): {@code .{8}}
 * for a free part, the part's eight bytes quoted for a bound one.
 */
final class RowFilter {
  private RowFilter() {}

  /** Adds the filter to {@code scan} if the pattern binds a part after its range's prefix. */
  static void apply(ScannerBase scan, Order order, long[] pattern, int prefix) {
    StringBuilder regex = new StringBuilder("(?s)");
    boolean any = false;
    for (int i = 0; i < 4; i++) {
      long part = pattern[order.parts[i]];
      if (i < prefix || part == 0) {
        regex.append(".{8}");
      } else {
        regex.append(Pattern.quote(new String(Bytes.ofLong(part), StandardCharsets.ISO_8859_1)));
        any = true;
      }
    }
    if (!any) {
      return;
    }
    IteratorSetting rows = new IteratorSetting(70, "quarryRows", RegExFilter.class);
    RegExFilter.setRegexs(rows, regex.toString(), null, null, null, false);
    RegExFilter.setEncoding(rows, StandardCharsets.ISO_8859_1.name());
    scan.addScanIterator(rows);
  }
}
