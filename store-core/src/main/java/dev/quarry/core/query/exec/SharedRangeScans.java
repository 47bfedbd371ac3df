package dev.quarry.core.query.exec;

import dev.quarry.core.index.spi.QuadView;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The object ranges of one {@link PatternJoin} scanned once for the rows whose subject is bound
 * ({@link SubjectsInRange}) where that is cheaper than probing each row, and the counts EXPLAIN
 * shows of how each row was served.
 */
final class SharedRangeScans {
  /**
   * Quads a shared range scan may hold per row it serves: more than {@link
   * PatternJoin#SCAN_ROWS_PER_PROBE}, since the scan reads only the range and a probe into a large
   * index costs 1-2 us (BSBM 100M, Q5: 16 against 4 took Q5 from 40.5 to 36.3 ms, two alternating
   * driver runs).
   */
  static final int RANGE_QUADS_PER_PROBE =
      Integer.getInteger("quarry.exec.range-quads-per-probe", 16);

  private final QuadView view;
  private final long graph;
  private final long predicate;
  private SubjectsInRange scanned; // the last range scanned for bound subjects
  private long[] tooLarge; // the last range that held more than tooLargeLimit quads
  private int tooLargeLimit;
  private long probedInRange; // rows probed one by one in tooLarge: they count towards its scan
  long scans; // for EXPLAIN: shared scans made,
  long served; // rows they served,
  long probed; // rows probed one by one (the range too large),
  long free; // rows with a free subject (a scan of the range each)

  SharedRangeScans(QuadView view, long graph, long predicate) {
    this.view = view;
    this.graph = graph;
    this.predicate = predicate;
  }

  /**
   * The quads in {@code ranges} by subject, scanned for {@code probes} rows, or null if the range
   * holds too many for that: the last scan is kept (the rows of a join often share one range), and
   * so is the last range found too large, until a bigger chunk could afford it. Rent or buy: the
   * rows earlier chunks probed in the same range count too, so a join whose chunks each stay too
   * small still scans once the rows it probed could have paid for it, instead of probing every row
   * (BSBM Q5 at 100M probed 15,360 rows at ~1 us each before its chunks grew large enough).
   */
  SubjectsInRange subjectsIn(long[] ranges, int probes) {
    if (scanned != null && Arrays.equals(scanned.ranges, ranges)) {
      return scanned;
    }
    if (!Arrays.equals(tooLarge, ranges)) {
      probedInRange = 0; // a range not yet found too large: no rows were probed in it
    }
    int limit = (int) Math.min(Integer.MAX_VALUE, RANGE_QUADS_PER_PROBE * (probes + probedInRange));
    if (tooLarge != null && limit <= tooLargeLimit && Arrays.equals(tooLarge, ranges)) {
      probedInRange += probes;
      return null;
    }
    SubjectsInRange s = SubjectsInRange.scan(view, graph, predicate, ranges, limit);
    if (s == null) {
      tooLarge = ranges;
      tooLargeLimit = limit;
      probedInRange += probes;
    } else {
      scanned = s;
      scans++;
    }
    return s;
  }

  /** How the rows were served, for EXPLAIN. */
  String label(ObjectRange range) {
    List<String> how = new ArrayList<>();
    if (free > 0) {
      how.add(free + " scans of it");
    }
    if (scans > 0) {
      how.add(served + " rows served by " + scans + " shared scans");
    }
    if (probed > 0) {
      how.add(probed + " rows probed (range too large)");
    }
    return " [?" + range.var().getVarName() + " in a range: " + String.join(", ", how) + "]";
  }
}
