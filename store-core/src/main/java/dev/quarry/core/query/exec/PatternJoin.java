package dev.quarry.core.query.exec;

import dev.quarry.core.index.spi.QuadProbes;
import dev.quarry.core.index.spi.QuadScan;
import dev.quarry.core.index.spi.QuadView;
import dev.quarry.core.query.rules.Rules;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.LongPredicate;
import org.apache.jena.sparql.core.Var;

/**
 * Joins each input row with the quads matching one triple pattern in one graph: the vectored index
 * nested-loop join. A chunk of input rows becomes a batch of key ranges (one per row, or several
 * with inference), sorted, and looked up in PSOG or POGS in one descent ({@link
 * QuadView#lookupBatch}); a chunk that makes a single range is scanned with a cursor instead, so a
 * large range streams rather than filling memory. A pattern with a variable predicate is looked up
 * row by row through the projections.
 *
 * <p>With an {@link ObjectRange} (filters bounding the object with numbers), a row whose subject is
 * free scans only the object's id ranges in POGS; rows whose subject is bound and that share one
 * range look their subjects up in that range, scanned once ({@link SubjectsInRange}), while it
 * holds at most {@link SharedRangeScans#RANGE_QUADS_PER_PROBE} quads per row to serve; otherwise
 * they are probed.
 *
 * <p>Likewise, when the input has at least a {@link #SCAN_ROWS_PER_PROBE}th as many rows with a
 * bound subject as the pattern (constant predicate, constant or fresh object) has quads, or the
 * queries of the commit have probed that many, the pattern is read once, whole and in index order,
 * and the rows find their quads in memory ({@link #wholePattern}), kept for the commit's later
 * queries ({@link WholeReads}): BSBM BI's Q3 joins 200,000 dated subjects with 285,000 reviews at
 * 10M.
 *
 * <p>With a rule set, a bound predicate also matches its subproperties, {@code rdf:type C} the
 * subclasses of C, and a type pattern with a free class yields every superclass of each stored
 * class; each inferred solution comes out once.
 *
 * <p>Beside it: {@link PatternColumns} writes the rows of each match, {@link WholePattern} holds a
 * pattern read whole, {@link SharedRangeScans} the shared scans of object ranges.
 */
public final class PatternJoin extends IdOperator {
  /**
   * Quads a range may hold per input row for a scan of it to serve the rows: a scanned quad costs a
   * few tens of ns (sequential, decoded a block at a time), a random probe about 1 us.
   */
  static final int SCAN_ROWS_PER_PROBE = 4;

  /**
   * A diagnostic switch (system property {@code quarry.exec.vectored=false}): one lookup per input
   * row, as before vectoring, so a benchmark can measure what vectoring buys.
   */
  private static boolean vectored() {
    return !"false".equals(System.getProperty("quarry.exec.vectored"));
  }

  /** Rows an output batch starts with room for at most (a batch may pass it: then it grows). */
  private static final int MAX_START = 16 * Rows.BATCH;

  private static final int FIRST_SCAN_READ = 16;

  /** One streamed lookup: the quads of one range for one input row. */
  private record Scan(Rows rows, int row, long rowKey, QuadScan quads) {}

  private final IdOperator input;
  private final QuadView view;
  private final PatternColumns columns;
  private final String text;
  private final int maxChunk;
  private int chunk;
  private int batch = Rows.BATCH; // rows per output batch: smaller at first under a small LIMIT
  private int lastOut; // rows in the last output batch
  private Rows in;
  private boolean walkFed; // the input comes from an OrderedWalk: rows out as soon as some are made
  private int pos;
  private long chunkBase; // a number per input row, unique for this operator, for dedup keys
  private final ArrayDeque<Scan> pending = new ArrayDeque<>();
  private Scan scan;
  private Set<RowKey> seen;
  // A chunk's probes, kept from chunk to chunk (see RowProbes): those looked up, and the rows with
  // a bound subject and an object range.
  private final RowProbes probes = new RowProbes();
  private final RowProbes ranged = new RowProbes();
  private boolean ended;
  private ObjectRange range;
  private SharedRangeScans ranges;
  private long patternQuads = -1; // the pattern's quads, if it may be read whole (wholePattern)
  private boolean limited; // a LIMIT hint: few rows are wanted, so no whole read
  private boolean firstDone; // the first rows were gathered (and the whole read decided)
  private WholePattern whole;

  // The batch of quads the current scan read last, by part, and how far it has been used.
  // Small at first and grown: most scans of a lookup-heavy query (BSBM Explore) find a handful.
  private long[] scanG = new long[0];
  private long[] scanS = new long[0];
  private long[] scanP = new long[0];
  private long[] scanO = new long[0];
  private int scanAt;
  private int scanRead;
  private int scanChunk = FIRST_SCAN_READ; // quads the next read of the current scan asks for

  /**
   * Joins each row of {@code input} with the matches of {@code pattern}, expected to find about
   * {@code fanOut} quads per row (which sizes the chunks of rows looked up together).
   */
  public PatternJoin(
      IdOperator input, QuadView view, TriplePattern pattern, Rules rules, double fanOut) {
    super(outputVars(input.vars(), pattern.vars(), pattern.graphVar()));
    this.input = input;
    this.view = view;
    this.columns = new PatternColumns(pattern, input.vars(), vars, rules);
    this.text = pattern.text();
    // Rows per chunk: the more probes a lookup has, the denser they fall in the index and the
    // more of them share a leaf block (1,024 probes spread over a large range each decode a block
    // of their own). A chunk starts at one batch, so a LIMIT that needs few rows pays for few
    // lookups, and doubles up to the size whose matches are about 16 batches.
    this.maxChunk =
        vectored()
            ? (int) Math.max(1, Math.min(32 * Rows.BATCH, 16.0 * Rows.BATCH / Math.max(1, fanOut)))
            : 1;
    this.chunk = Math.min(maxChunk, Rows.BATCH);
  }

  /**
   * Restricts the pattern's object to the range's values (the pattern's predicate must be a
   * constant, its object a variable the input does not bind, and no inference at work).
   */
  public PatternJoin objectRange(ObjectRange r) {
    this.range = r;
    this.ranges = r == null ? null : new SharedRangeScans(view, columns.graph, columns.consts[1]);
    return this;
  }

  /**
   * Looks position k up with the value of input column {@code cols[k]} (not -1), which a filter
   * says it equals: always if bit k of {@code cols[3]} is set (sameTerm), else where {@code
   * equalMeansSame} holds for the value (an IRI or a blank node; a literal may equal other terms).
   * The filter stays after this operator; this only reads less. Null: none.
   */
  public PatternJoin equalTo(int[] cols, LongPredicate equalMeansSame) {
    columns.equalTo(cols, equalMeansSame);
    return this;
  }

  /**
   * Lets the pattern be read whole when the input turns out to have enough rows for it: the
   * planner's count of the pattern's quads, for a pattern whose subject the input binds, whose
   * predicate is a constant and whose object is a constant or a variable the input does not bind
   * (no inference, no graph variable). Set after {@link #objectRange}.
   */
  public PatternJoin wholePattern(long quads) {
    if (ranges != null) {
      ranges.wholePattern(quads); // rows with a range are served from it within their range
    } else {
      this.patternQuads = quads;
    }
    return this;
  }

  private static List<Var> outputVars(List<Var> in, Var[] varsAt, Var graphVar) {
    List<Var> out = new ArrayList<>(in);
    for (Var v : varsAt) {
      if (v != null && !out.contains(v)) {
        out.add(v);
      }
    }
    if (graphVar != null && !out.contains(graphVar)) {
      out.add(graphVar);
    }
    return out;
  }

  @Override
  protected Rows compute() {
    if (ended) {
      return null;
    }
    int want = batch;
    batch = Math.min(Rows.BATCH, batch * 2); // the hint was low if more is asked for
    // Sized for a few rows and grown as they come: most lookups of a query like BSBM's find a
    // handful, and a batch of 1,024 wide rows allocated (and zeroed) for each was most of the
    // server's allocation.
    // A join that made a large batch last time likely makes one again: sized so, it is not
    // copied as it grows (those copies were a fifth of BSBM BI's allocation).
    Rows out =
        new Rows(vars.size(), Math.max(Math.min(want, Rows.SMALL), Math.min(lastOut, MAX_START)));
    while (out.size < want) {
      if (scan != null) {
        if (scanAt == scanRead) {
          scanAt = 0;
          int n = Math.min(scanChunk, want);
          if (scanG.length < n) {
            scanG = new long[n];
            scanS = new long[n];
            scanP = new long[n];
            scanO = new long[n];
          }
          scanRead = scan.quads.read(scanG, scanS, scanP, scanO, n);
          scanChunk = Math.min(Rows.BATCH, scanChunk * 4);
          if (scanRead == 0) {
            scan = pending.poll();
            scanChunk = FIRST_SCAN_READ;
            continue;
          }
        }
        int n = Math.min(want - out.size, scanRead - scanAt);
        if (columns.plain && seen == null) {
          columns.emitAll(out, scan.rows, scan.row, scanS, scanP, scanO, scanAt, n);
        } else {
          for (int i = scanAt; i < scanAt + n; i++) {
            columns.emit(
                out,
                scan.rows,
                scan.row,
                scan.rowKey,
                seen,
                scanG[i],
                scanS[i],
                scanP[i],
                scanO[i]);
          }
        }
        scanAt += n;
        continue;
      }
      if (in == null || pos >= in.size) {
        in = firstDone ? gather(chunk) : firstGather();
        pos = 0;
        if (in == null) {
          ended = true;
          break;
        }
      }
      int end = Math.min(in.size, pos + chunk);
      int before = out.size;
      if (whole != null && whole.serves()) {
        pos = whole.serve(out, in, pos, end, want, this::lookup);
      } else {
        lookup(out, in, pos, end);
        pos = end;
      }
      // Grow while the matches stay small; an estimate far too low must not fill memory.
      chunk =
          out.size - before > 16 * Rows.BATCH
              ? Math.max(1, chunk / 2)
              : Math.min(walkFed ? Math.min(maxChunk, Rows.BATCH) : maxChunk, chunk * 2);
      scan = pending.poll();
      scanChunk = FIRST_SCAN_READ;
      if (walkFed && out.size > 0) {
        break; // the top-k above sees these rows before the walk goes on
      }
    }
    lastOut = out.size;
    return out;
  }

  /**
   * The first input rows: with {@link #wholePattern}, as many as make a whole read pay, and if the
   * input has them, the pattern read into memory ({@link WholePattern}).
   */
  private Rows firstGather() {
    firstDone = true;
    if (input.fedByWalk()) { // batches as the walk makes them, and no whole read (see fedByWalk)
      walkFed = true;
      chunk = Math.min(chunk, OrderedWalk.FIRST_BATCH);
      return gather(chunk);
    }
    if (patternQuads < 0 || limited) {
      return gather(chunk);
    }
    whole = new WholePattern(columns, view, patternQuads);
    return whole.firstRows(this::gather, chunk, memoryOf(context()), WholeReads.of(context()));
  }

  @Override
  protected void release() {
    if (whole != null) {
      whole.release(memoryOf(context()));
    }
    if (ranges != null) {
      ranges.release(memoryOf(context()));
    }
  }

  @Override
  public void expectAtMost(long rows) {
    limited = rows < Long.MAX_VALUE;
    batch = (int) Math.max(1, Math.min(Rows.BATCH, rows));
    chunk = Math.min(chunk, batch);
    input.expectAtMost(rows);
  }

  /**
   * At least {@code want} input rows in one batch (fewer at the end of the input), or null. Fed by
   * a walk, the input's next batch as it is: past filters that keep one walked row in 60, gathering
   * 1,024 rows walked 60,000 (BSBM Q5 at 100M) where the top-k above needed the first few.
   */
  private Rows gather(int want) {
    Rows first = input.next();
    if (first == null || first.size >= want || walkFed) {
      return first;
    }
    Rows all = new Rows(first.width, Math.min(want, Math.max(Rows.SMALL, 2 * first.size)));
    for (Rows r = first; r != null; r = all.size < want ? input.next() : null) {
      all.appendAll(r);
    }
    return all;
  }

  /** Looks up the matches of input rows [from, to): ranges vectored, the rest as scans. */
  private void lookup(Rows out, Rows rows, int from, int to) {
    seen = null;
    probes.reset(to - from);
    ranged.resetForEach(to - from);
    long[] sharedRanges = null;
    boolean oneRange = true;
    long[] v = new long[3];
    long[] consts = columns.consts;
    Rules rules = columns.rules;
    for (int r = from; r < to; r++) {
      long rowKey = chunkBase++;
      long g = columns.graphOf(rows, r);
      if (columns.gCol >= 0 && g != QuadView.NONE && !columns.named(g)) {
        continue; // GRAPH ?g with ?g bound to a graph outside the named graphs
      }
      for (int k = 0; k < 3; k++) {
        v[k] = consts[k] != 0 ? consts[k] : columns.inInput[k] ? rows.get(r, columns.cols[k]) : 0;
        if (v[k] == 0) {
          v[k] = columns.fromFilter(rows, r, k);
        }
      }
      long[] ids = range == null || v[2] != 0 ? null : range.ranges(rows, r);
      if (ids != null) {
        if (v[0] == 0) {
          pending.add(new Scan(rows, r, rowKey, QuadScan.of(view.findObjectIn(g, v[1], ids))));
          ranges.free++;
        } else {
          // One shared scan serves rows of one graph only.
          oneRange &= columns.gCol < 0 && (ranged.size() == 0 || Arrays.equals(ids, sharedRanges));
          sharedRanges = ids;
          // The row's ranges as one: the hull, from the first's low end to the last's high end.
          ranged.add(r, rowKey, g, v[0], v[1], ids[0], ids[ids.length - 1]);
        }
        continue;
      }
      long[] preds = v[1] != 0 && rules != null ? rules.subPropertiesOf(v[1]) : new long[] {v[1]};
      for (long p : preds) {
        boolean typeWithClass = rules != null && p == rules.typeId() && v[2] != 0;
        long[] objs = typeWithClass ? rules.subClassesOf(v[2]) : new long[] {v[2]};
        if (preds.length * objs.length > 1 || columns.classesUp(p, v[2])) {
          seen = seen == null ? new HashSet<>() : seen;
        }
        for (long o : objs) {
          if (p == 0) {
            pending.add(new Scan(rows, r, rowKey, view.scan(g, v[0], 0, o)));
          } else {
            probes.add(r, rowKey, g, v[0], p, o, o);
          }
        }
      }
    }
    if (ranged.size() > 0) {
      inRanges(out, rows, ranged, oneRange ? sharedRanges : null, probes);
    }
    probe(out, rows, probes);
  }

  /**
   * The rows with a bound subject and an object range: served by one shared scan of the range
   * ({@code shared}, null if the rows' ranges differ) if it is not too large, else probed.
   */
  private void inRanges(Rows out, Rows rows, RowProbes ranged, long[] shared, RowProbes probes) {
    long p = columns.consts[1];
    SubjectsInRange whole =
        ranges.whole(ranged.size(), WholeReads.of(context()), memoryOf(context()), limited);
    if (whole != null) {
      fromWhole(out, rows, ranged, shared, whole);
      return;
    }
    SubjectsInRange in = shared == null ? null : ranges.subjectsIn(shared, ranged.size());
    for (int i = 0; i < ranged.size(); i++) {
      long s = ranged.quads.s(i);
      if (in == null) {
        long lo = ranged.quads.objectLo(i);
        long hi = ranged.quads.objectHi(i);
        probes.add(ranged.rows[i], ranged.rowKeys[i], ranged.quads.g(i), s, p, lo, hi);
        ranges.probed++;
        continue;
      }
      for (int q = in.first(s); q >= 0; q = in.nextOf(q)) {
        int r = ranged.rows[i];
        columns.emit(out, rows, r, ranged.rowKeys[i], seen, in.graph(q), s, p, in.object(q));
      }
      ranges.served++;
    }
  }

  /** Rows located in a table read whole at a time: their cache misses overlap. */
  private static final int WHOLE_GROUP = 64;

  /**
   * The rows with a bound subject and an object range served by the pattern read whole: a group's
   * subjects located together, then their first objects read together, each kept if in the rows'
   * ranges ({@code shared}, or each row's hull if they differ; the filters still run after).
   */
  private void fromWhole(
      Rows out, Rows rows, RowProbes ranged, long[] shared, SubjectsInRange whole) {
    long p = columns.consts[1];
    long g = columns.graph; // the table holds this graph's quads (the pattern has no graph var)
    int n = ranged.size();
    long[] subjects = new long[Math.min(n, WHOLE_GROUP)];
    int[] firsts = new int[subjects.length];
    long[] objects = new long[subjects.length];
    for (int from = 0; from < n; from += WHOLE_GROUP) {
      int m = Math.min(WHOLE_GROUP, n - from);
      for (int j = 0; j < m; j++) {
        subjects[j] = ranged.quads.s(from + j);
      }
      whole.firstOfEach(subjects, m, firsts);
      for (int j = 0; j < m; j++) {
        objects[j] = firsts[j] < 0 ? 0 : whole.object(firsts[j]);
      }
      for (int j = 0; j < m; j++) {
        int i = from + j;
        for (int q = firsts[j]; q >= 0; q = whole.nextOf(q)) {
          long o = q == firsts[j] ? objects[j] : whole.object(q);
          boolean in =
              shared != null
                  ? ObjectRange.holds(shared, o)
                  : Long.compareUnsigned(o, ranged.quads.objectLo(i)) >= 0
                      && Long.compareUnsigned(o, ranged.quads.objectHi(i)) <= 0;
          if (in) {
            columns.emit(out, rows, ranged.rows[i], ranged.rowKeys[i], seen, g, subjects[j], p, o);
          }
        }
      }
    }
    ranges.wholeServed += n;
  }

  /** Looks the probes up in one batch; a single one is streamed (it must not fill memory). */
  private void probe(Rows out, Rows rows, RowProbes probes) {
    if (probes.size() == 1 && pending.isEmpty()) {
      QuadProbes one = probes.quads;
      long o = one.objectBound(0) ? one.objectLo(0) : 0;
      QuadScan quads = view.scan(one.g(0), one.s(0), one.p(0), o);
      pending.add(new Scan(rows, probes.rows[0], probes.rowKeys[0], quads));
      return;
    }
    if (probes.size() > 0) {
      view.lookup(
          probes.quads,
          (probe, g, s, p, o) -> {
            int r = probes.rows[probe];
            columns.emit(out, rows, r, probes.rowKeys[probe], seen, g, s, p, o);
            return true;
          });
    }
  }

  @Override
  public String label() {
    String label =
        "pattern "
            + text
            + (columns.gCol >= 0 ? " in graph ?" + vars.get(columns.gCol).getVarName() : "")
            + (columns.rules != null ? " (inference)" : "")
            + (whole != null ? whole.label() : "");
    return range == null ? label : label + ranges.label(range);
  }

  @Override
  public List<IdOperator> inputs() {
    return List.of(input);
  }
}
