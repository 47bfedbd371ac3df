package dev.quarry.core.query.exec;

import dev.quarry.core.index.spi.QuadView;
import dev.quarry.core.query.memory.QueryMemory;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The object ranges of one {@link PatternJoin} scanned once for the rows whose subject is bound
 * ({@link SubjectsInRange}) where that is cheaper than probing each row, or the whole pattern read
 * once for the commit's queries ({@link #whole}), and the counts EXPLAIN shows of how each row was
 * served.
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
  private long[] considered; // the last range not scanned (yet), and what is known of it:
  private long size; // its quads as the index estimates them, -1 if unknown,
  private long failedLimit; // the largest limit a scan of it stopped at, 0 if none,
  private long probedInRange; // rows probed one by one in it: they count towards its scan
  long scans; // for EXPLAIN: shared scans made,
  long served; // rows they served,
  long probed; // rows probed one by one (the range too large),
  long free; // rows with a free subject (a scan of the range each)
  long wholeServed; // rows served by the pattern read whole
  private long patternQuads = -1; // the planner's count of the pattern's quads; -1: no whole read
  private SubjectsInRange whole; // the pattern read whole (any object), kept for the commit
  private long wholeBytes; // reserved from the query's memory while it serves
  private boolean wholeKept; // read by an earlier query

  SharedRangeScans(QuadView view, long graph, long predicate) {
    this.view = view;
    this.graph = graph;
    this.predicate = predicate;
  }

  /**
   * Lets the rows be served by the pattern read whole: the planner's count of its quads. A
   * diagnostic switch turns it off (system property {@code quarry.exec.range-whole=false}, read per
   * query), so that a benchmark or a test can see the scans and probes alone.
   */
  void wholePattern(long quads) {
    this.patternQuads = "false".equals(System.getProperty("quarry.exec.range-whole")) ? -1 : quads;
  }

  /**
   * The pattern read whole, any object, for {@code rows} rows with a bound subject: kept by an
   * earlier query of the commit ({@link WholeReads}), or read now once the commit's rows in the
   * pattern could have paid for it (rent or buy, as for {@link WholePattern}), unless {@code
   * limited}; else null. The ranges then only choose among a subject's objects: a kept table serves
   * a row in tens of ns, where a shared scan of its range costs every quad in the range for each
   * query and a probe 1-2 us (BSBM Q5 at 100M walks 17,000 products through two such ranges).
   */
  SubjectsInRange whole(int rows, WholeReads kept, QueryMemory memory, boolean limited) {
    if (whole != null || kept == null || patternQuads < 0) {
      return whole;
    }
    if (2 * patternQuads > WholePattern.MAX_TABLE_QUADS) {
      return null;
    }
    SubjectsInRange earlier = kept.get(view, graph, predicate, QuadView.NONE);
    if (earlier != null) {
      return use(earlier, memory);
    }
    long paid = kept.probed(view, graph, predicate, QuadView.NONE, rows);
    if (limited || paid < WholePattern.rowsToPay(patternQuads)) {
      return null;
    }
    SubjectsInRange t =
        WholePattern.read(view, graph, predicate, QuadView.NONE, patternQuads, memory, kept);
    if (t == null) {
      patternQuads = -1; // not tried again by this join
      return null;
    }
    whole = t;
    wholeBytes = t.bytes(); // reserved by the read
    return t;
  }

  private SubjectsInRange use(SubjectsInRange t, QueryMemory memory) {
    if (!memory.tryReserve(t.bytes())) {
      patternQuads = -1;
      return null;
    }
    whole = t;
    wholeBytes = t.bytes();
    wholeKept = true;
    return t;
  }

  /** Lets the table read whole go and gives its memory back. */
  void release(QueryMemory memory) {
    if (wholeBytes > 0) {
      memory.release(wholeBytes);
      wholeBytes = 0;
    }
    whole = null;
  }

  /**
   * The quads in {@code ranges} by subject, scanned for {@code probes} rows, or null if the range
   * holds too many for that: the last scan is kept (the rows of a join often share one range), and
   * what is known of the last range not scanned. Rent or buy: the rows earlier chunks probed in the
   * same range count too, so a join whose chunks each stay too small still scans once the rows it
   * probed could have paid for it, instead of probing every row (BSBM Q5 at 100M probed 15,360 rows
   * at ~1 us each before its chunks grew large enough). The range's size is estimated from the
   * index first, so a scan is started only when it can be afforded (attempts that stopped at their
   * limit were a third of Q5's reads at 100M), and sized for what it will hold.
   */
  SubjectsInRange subjectsIn(long[] ranges, int probes) {
    if (scanned != null && Arrays.equals(scanned.ranges, ranges)) {
      return scanned;
    }
    if (!Arrays.equals(considered, ranges)) {
      considered = ranges;
      size = view.estimateObjectIn(graph, predicate, ranges);
      failedLimit = 0;
      probedInRange = 0;
    }
    long budget = RANGE_QUADS_PER_PROBE * (probes + probedInRange);
    if ((size >= 0 && size > budget) || budget <= failedLimit) {
      probedInRange += probes;
      return null;
    }
    // An estimate is within a small factor: the scan may hold twice as many before it gives up.
    long limit = Math.min(Integer.MAX_VALUE, Math.max(budget, 2 * size));
    SubjectsInRange s =
        SubjectsInRange.scan(view, graph, predicate, ranges, (int) limit, Math.max(0, size));
    if (s == null) {
      failedLimit = limit;
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
    if (wholeServed > 0) {
      how.add(
          wholeServed
              + " rows served by the pattern read whole"
              + (wholeKept ? " by an earlier query" : ""));
    }
    return " [?" + range.var().getVarName() + " in a range: " + String.join(", ", how) + "]";
  }
}
