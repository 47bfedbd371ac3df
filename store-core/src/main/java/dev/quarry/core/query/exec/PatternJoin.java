package dev.quarry.core.query.exec;

import dev.quarry.core.index.spi.QuadProbes;
import dev.quarry.core.index.spi.QuadScan;
import dev.quarry.core.index.spi.QuadView;
import dev.quarry.core.query.memory.QueryMemory;
import dev.quarry.core.query.rules.Rules;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
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
 * holds at most {@link #RANGE_QUADS_PER_PROBE} quads per row to serve; otherwise they are probed.
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
 */
public final class PatternJoin extends IdOperator {
  /**
   * Quads a range may hold per input row for a scan of it to serve the rows: a scanned quad costs a
   * few tens of ns (sequential, decoded a block at a time), a random probe about 1 us.
   */
  static final int SCAN_ROWS_PER_PROBE = 4;

  /**
   * Quads a shared range scan may hold per row it serves ({@link #subjectsIn}): more than {@link
   * #SCAN_ROWS_PER_PROBE}, since the scan reads only the range and a probe into a large index costs
   * 1-2 us (BSBM 100M, Q5: 16 against 4 took Q5 from 40.5 to 36.3 ms, two alternating driver runs).
   */
  static final int RANGE_QUADS_PER_PROBE =
      Integer.getInteger("quarry.exec.range-quads-per-probe", 16);

  /**
   * A diagnostic switch (system property {@code quarry.exec.vectored=false}): one lookup per input
   * row, as before vectoring, so a benchmark can measure what vectoring buys.
   */
  private static boolean vectored() {
    return !"false".equals(System.getProperty("quarry.exec.vectored"));
  }

  private final IdOperator input;
  private final QuadView access;
  private final long graph;
  private final long[] consts; // s, p, o: a constant id, or 0 for a variable
  private final int[] cols; // s, p, o: the output column of the variable, or -1
  private final boolean[] inInput; // s, p, o: the variable is an input column
  private final int gCol; // the graph variable's column (GRAPH ?g), or -1: the graph is constant
  private final boolean gInInput;
  private final long[] namedGraphs; // sorted: the graphs the graph variable ranges over
  private final Rules rules;
  private final int inWidth;
  private final int maxChunk;
  private int chunk;
  private int batch = Rows.BATCH; // rows per output batch: smaller at first under a small LIMIT
  private int lastOut; // rows in the last output batch
  private final String text;

  private Rows in;
  private int pos;
  private long chunkBase; // a number per input row, unique for this operator, for dedup keys
  private final ArrayDeque<Scan> pending = new ArrayDeque<>();
  private Scan scan;
  private Set<RowKey> seen;
  private boolean ended;
  private ObjectRange range;
  private SubjectsInRange scanned; // the last range scanned for bound subjects
  private long[] tooLarge; // the last range that held more than tooLargeLimit quads
  private int tooLargeLimit;
  private long probedInRange; // rows probed one by one in tooLarge: they count towards its scan
  private long rangeScans;
  private long rangeRows;
  private long rangeProbed;
  private long rangeFree;
  private long patternQuads = -1; // the pattern's quads, if it may be read whole (wholePattern)
  private boolean limited; // a LIMIT hint: few rows are wanted, so no whole read
  private boolean tableDecided;
  private SubjectsInRange table; // the pattern read whole, by subject
  private long tableBytes;
  private long tableRows;
  private long tableQuads = -1; // for explain, after the table is let go
  private boolean tableKept; // the table was read by an earlier query (WholeReads)

  /** Quads a pattern read whole may have at most (about 80 bytes each while held). */
  static final int MAX_TABLE_QUADS = 1 << 22;

  /**
   * Input rows below which a pattern is not read whole however small it is: their probes are few
   * and cheap, and the whole read has its own fixed cost.
   */
  static final int MIN_TABLE_ROWS = 256;

  /** One streamed lookup: the quads of one range for one input row. */
  private record Scan(Rows rows, int row, long rowKey, QuadScan quads) {}

  private static final int FIRST_SCAN_READ = 16;

  // The batch of quads the current scan read last, by part, and how far it has been used.
  // Small at first and grown: most scans of a lookup-heavy query (BSBM Explore) find a handful.
  private long[] scanG = new long[0];
  private long[] scanS = new long[0];
  private long[] scanP = new long[0];
  private long[] scanO = new long[0];
  private int scanAt;
  private int scanRead;
  private int scanChunk = FIRST_SCAN_READ; // quads the next read of the current scan asks for
  // Every quad a scan reads is a row (no inference, no graph variable, no variable repeated or
  // bound by the input): rows are written without the checks of emit.
  private final boolean plain;
  // A match found by a probe agrees with the row's bound positions (the probe was made from them):
  // it is the row plus its fresh columns, written without the checks of emit (no inference, no
  // graph variable, no variable repeated in the pattern; a new column for each fresh variable).
  private final boolean direct;
  // Positions to look up with the value of an input column they must equal (see equalTo).
  private int[] equalTo;
  private java.util.function.LongPredicate equalMeansSame;

  /**
   * With {@code graphVar} non-null, the pattern's graph is that variable (GRAPH ?g): bound by the
   * input row, or by each match to one of {@code namedGraphs}; {@code graph} is then unused.
   */
  public PatternJoin(
      IdOperator input,
      QuadView access,
      long graph,
      long[] consts,
      Var[] varsAt,
      Rules rules,
      double fanOut,
      String text,
      Var graphVar,
      long[] namedGraphs) {
    super(outputVars(input.vars(), varsAt, graphVar));
    this.input = input;
    this.access = access;
    this.graph = graph;
    this.consts = consts.clone();
    this.cols = new int[3];
    this.inInput = new boolean[3];
    for (int k = 0; k < 3; k++) {
      cols[k] = varsAt[k] == null ? -1 : vars.indexOf(varsAt[k]);
      inInput[k] = varsAt[k] != null && input.vars().contains(varsAt[k]);
    }
    this.gCol = graphVar == null ? -1 : vars.indexOf(graphVar);
    this.gInInput = graphVar != null && input.vars().contains(graphVar);
    this.namedGraphs = namedGraphs == null ? new long[0] : namedGraphs.clone();
    Arrays.sort(this.namedGraphs);
    this.rules = rules;
    this.inWidth = input.vars().size();
    // Rows per chunk: the more probes a lookup has, the denser they fall in the index and the
    // more of them share a leaf block (1,024 probes spread over a large range each decode a block
    // of their own). A chunk starts at one batch, so a LIMIT that needs few rows pays for few
    // lookups, and doubles up to the size whose matches are about 16 batches.
    this.maxChunk =
        vectored()
            ? (int) Math.max(1, Math.min(32 * Rows.BATCH, 16.0 * Rows.BATCH / Math.max(1, fanOut)))
            : 1;
    this.chunk = Math.min(maxChunk, Rows.BATCH);
    this.text = text;
    boolean repeated = false;
    boolean bound = false;
    for (int k = 0; k < 3; k++) {
      bound |= inInput[k];
      for (int j = k + 1; j < 3; j++) {
        repeated |= varsAt[k] != null && varsAt[k].equals(varsAt[j]);
      }
    }
    this.plain = rules == null && graphVar == null && !repeated && !bound;
    int fresh = 0;
    for (int k = 0; k < 3; k++) {
      fresh += cols[k] >= inWidth ? 1 : 0;
    }
    this.direct = rules == null && graphVar == null && !repeated && vars.size() == inWidth + fresh;
  }

  /**
   * Restricts the pattern's object to the range's values (the pattern's predicate must be a
   * constant, its object a variable the input does not bind, and no inference at work).
   */
  public PatternJoin objectRange(ObjectRange r) {
    this.range = r;
    return this;
  }

  /**
   * Looks position k up with the value of input column {@code cols[k]} (not -1), which a filter
   * says it equals: always if bit k of {@code cols[3]} is set (sameTerm), else where {@code
   * equalMeansSame} holds for the value (an IRI or a blank node; a literal may equal other terms).
   * The filter stays after this operator; this only reads less. Null: none.
   */
  public PatternJoin equalTo(int[] cols, java.util.function.LongPredicate equalMeansSame) {
    this.equalTo = cols;
    this.equalMeansSame = equalMeansSame;
    return this;
  }

  /**
   * Lets the pattern be read whole when the input turns out to have enough rows for it: the
   * planner's count of the pattern's quads, for a pattern whose subject the input binds, whose
   * predicate is a constant and whose object is a constant or a variable the input does not bind
   * (no inference, no graph variable, no object range).
   */
  public PatternJoin wholePattern(long quads) {
    this.patternQuads = quads;
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

  /** The graph row r's matches must be in: the constant one, the row's, or 0 for any named one. */
  private long graphOf(Rows rows, int r) {
    return gCol < 0 ? graph : gInInput ? rows.get(r, gCol) : QuadView.NONE;
  }

  private boolean named(long g) {
    return Arrays.binarySearch(namedGraphs, g) >= 0;
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
        if (plain && seen == null) {
          emitAll(out, scan.rows, scan.row, scanAt, n);
        } else {
          for (int i = scanAt; i < scanAt + n; i++) {
            emit(out, scan.rows, scan.row, scan.rowKey, scanG[i], scanS[i], scanP[i], scanO[i]);
          }
        }
        scanAt += n;
        continue;
      }
      if (in == null || pos >= in.size) {
        in = tableDecided ? gather(chunk) : firstGather();
        pos = 0;
        if (in == null) {
          ended = true;
          break;
        }
      }
      int end = Math.min(in.size, pos + chunk);
      int before = out.size;
      if (table != null) {
        pos = fromTable(out, in, pos, end, want);
      } else {
        lookup(out, in, pos, end);
        pos = end;
      }
      // Grow while the matches stay small; an estimate far too low must not fill memory.
      chunk =
          out.size - before > 16 * Rows.BATCH
              ? Math.max(1, chunk / 2)
              : Math.min(maxChunk, chunk * 2);
      scan = pending.poll();
      scanChunk = FIRST_SCAN_READ;
    }
    lastOut = out.size;
    return out;
  }

  /** Rows an output batch starts with room for at most (a batch may pass it: then it grows). */
  private static final int MAX_START = 16 * Rows.BATCH;

  /**
   * The first input rows: with {@link #wholePattern}, as many as make a whole read pay, and if the
   * input has them, the pattern read into memory.
   */
  private Rows firstGather() {
    tableDecided = true;
    long rowsToPay =
        Math.max(MIN_TABLE_ROWS, (patternQuads + SCAN_ROWS_PER_PROBE - 1) / SCAN_ROWS_PER_PROBE);
    if (patternQuads < 0 || limited) {
      return gather(chunk);
    }
    WholeReads kept = WholeReads.of(context());
    SubjectsInRange earlier = kept == null ? null : kept.get(access, graph, consts[1], consts[2]);
    if (earlier != null) {
      // Read by an earlier query of this commit: serving rows from it is all there is to pay.
      Rows first = gather(MIN_TABLE_ROWS);
      long bytes = SubjectsInRange.bytesFor(earlier.size());
      if (first != null && first.size >= MIN_TABLE_ROWS && memoryOf(context()).tryReserve(bytes)) {
        table = earlier;
        tableQuads = earlier.size();
        tableBytes = bytes;
        tableKept = true;
      }
      return first;
    }
    if (2 * patternQuads > MAX_TABLE_QUADS) {
      return gather(chunk);
    }
    Rows first = gather((int) rowsToPay);
    if (first == null || first.size < MIN_TABLE_ROWS) {
      return first;
    }
    if (first.size < rowsToPay
        && (kept == null
            || kept.probed(access, graph, consts[1], consts[2], first.size) < rowsToPay)) {
      return first; // too few to pay for the read, even with the commit's earlier probes
    }
    // The planner's count may be low: up to twice it (reserved first), or the rows are probed.
    int limit = (int) Math.max(Rows.BATCH, 2 * patternQuads);
    QueryMemory memory = memoryOf(context());
    if (memory.tryReserve(SubjectsInRange.bytesFor(limit))) {
      table = SubjectsInRange.ofPattern(access, graph, consts[1], consts[2], patternQuads, limit);
      long used = table == null ? 0 : SubjectsInRange.bytesFor(table.size());
      tableQuads = table == null ? -1 : table.size();
      memory.release(SubjectsInRange.bytesFor(limit) - used);
      tableBytes = used;
      if (table != null && kept != null) {
        kept.put(access, graph, consts[1], consts[2], table);
      }
    }
    return first;
  }

  @Override
  protected void release() {
    if (tableBytes > 0) {
      memoryOf(context()).release(tableBytes);
      tableBytes = 0;
    }
    table = null;
  }

  @Override
  public void expectAtMost(long rows) {
    limited = rows < Long.MAX_VALUE;
    batch = (int) Math.max(1, Math.min(Rows.BATCH, rows));
    chunk = Math.min(chunk, batch);
    input.expectAtMost(rows);
  }

  /** At least {@code want} input rows in one batch (fewer at the end of the input), or null. */
  private Rows gather(int want) {
    Rows first = input.next();
    if (first == null || first.size >= want) {
      return first;
    }
    Rows all = new Rows(first.width, Math.min(want, Math.max(Rows.SMALL, 2 * first.size)));
    for (Rows r = first; r != null; r = all.size < want ? input.next() : null) {
      all.appendAll(r);
    }
    return all;
  }

  /** Rows whose table entries are located together, before any of them is read. */
  private static final int TABLE_GROUP = 16;

  private final int[] heads = new int[TABLE_GROUP];

  /**
   * Serves input rows [from, to) from the whole-read table until the batch has {@code want} rows;
   * returns the first row not done. The rows' subjects are located a group at a time, then their
   * entries read: each step is a cache miss in a table of many megabytes, and one row after another
   * they waited on each other (about 175 ns a row at BI Q1's 285,000 reviews), where a group's
   * misses overlap. A row the table cannot serve (its subject unbound, or its object given by an
   * equality filter) goes to {@link #lookup} on its own. The table's pattern (see {@link
   * #wholePattern}) makes every match the row plus its object, as {@link #direct} writes it.
   */
  private int fromTable(Rows out, Rows rows, int from, int to, int want) {
    SortedKeys sorted = table.sorted();
    if (sorted != null && table.size() >= IN_ORDER_QUADS && to - from >= MIN_IN_ORDER) {
      inKeyOrder(out, rows, from, to, sorted);
      return to;
    }
    int w = rows.width;
    int sCol = cols[0];
    long[] in = rows.data;
    int r = from;
    while (r < to && out.size < want) {
      int n = Math.min(TABLE_GROUP, to - r);
      int located = 0;
      for (; located < n; located++) {
        long s = in[(r + located) * w + sCol];
        if (!tableServes(rows, r + located, s)) {
          break;
        }
        heads[located] = table.first(s);
      }
      for (int i = 0; i < located; i++) {
        fromEntries(out, in, (r + i) * w, heads[i]);
      }
      tableRows += located;
      r += located;
      if (located < n) {
        lookup(out, rows, r, r + 1);
        return r + 1;
      }
    }
    return r;
  }

  /** Input rows from which a chunk is served in key order from a table too large for a cache. */
  static final int MIN_IN_ORDER = 1024;

  /** Quads from which a table (24 bytes and more a quad) is taken to be larger than a cache. */
  static final int IN_ORDER_QUADS = 1 << 15;

  private int[] bucketOf = new int[0]; // per row of the chunk: its bucket, -1 none, -2 a lookup
  private int[] order = new int[0];
  private int[] ordered = new int[0];
  private long inKeyOrderRows; // for explain

  /**
   * Serves input rows [from, to) from a table too large for the cache in the order of its keys: the
   * rows are sorted by their subject's bucket (two counting passes, low digit then high), so the
   * directory, keys and objects are read from one end to the other instead of a cache miss each at
   * random (BSBM BI Q1 at 10M probes 285,000 reviews with 114,706 rows). The rows come out in that
   * order; rows the table cannot serve go to {@link #lookup} after.
   */
  private void inKeyOrder(Rows out, Rows rows, int from, int to, SortedKeys keys) {
    int n = to - from;
    int w = rows.width;
    int sCol = cols[0];
    long[] in = rows.data;
    if (bucketOf.length < n) {
      bucketOf = new int[n];
      order = new int[n];
      ordered = new int[n];
    }
    // Bucket numbers in two digits of about half their bits each: counting arrays of a few
    // hundred slots, where one pass over every bucket would count into as many as the table has.
    int bits = 32 - Integer.numberOfLeadingZeros(Math.max(1, keys.buckets() - 1));
    int shift = (bits + 1) / 2;
    int low = (1 << shift) - 1;
    int[] byLow = new int[low + 2];
    int[] byHigh = new int[(1 << (bits - shift)) + 1];
    boolean looked = false;
    int served = 0;
    for (int i = 0; i < n; i++) {
      long s = in[(from + i) * w + sCol];
      int b = tableServes(rows, from + i, s) ? keys.bucket(s) : -2;
      bucketOf[i] = b;
      if (b >= 0) {
        byLow[(b & low) + 1]++;
        byHigh[(b >>> shift) + 1]++;
        served++;
      }
      looked |= b == -2;
    }
    prefixSums(byLow);
    prefixSums(byHigh);
    for (int i = 0; i < n; i++) {
      int b = bucketOf[i];
      if (b >= 0) {
        order[byLow[b & low]++] = i;
      }
    }
    for (int k = 0; k < served; k++) {
      int i = order[k];
      ordered[byHigh[bucketOf[i] >>> shift]++] = i;
    }
    for (int k = 0; k < served; k++) {
      int base = (from + ordered[k]) * w;
      fromEntries(out, in, base, table.first(in[base + sCol]));
    }
    tableRows += n;
    inKeyOrderRows += served;
    for (int i = 0; looked && i < n; i++) {
      if (bucketOf[i] == -2) {
        tableRows--;
        lookup(out, rows, from + i, from + i + 1);
      }
    }
  }

  /**
   * True if the table can serve row {@code r}, whose subject is {@code s}: it is bound, and no
   * equality filter gives the object to look up instead.
   */
  private boolean tableServes(Rows rows, int r, long s) {
    return s != 0 && fromFilter(rows, r, 2) == 0;
  }

  /** Writes the row at {@code in[base..]} once with each table entry from {@code first} on. */
  private void fromEntries(Rows out, long[] in, int base, int first) {
    chunkBase++;
    int co = cols[2];
    for (int q = first; q >= 0; q = table.nextOf(q)) {
      int at = out.reserve(1);
      long[] data = out.data;
      System.arraycopy(in, base, data, at, inWidth);
      if (co >= 0) {
        data[at + co] = table.object(q);
      }
    }
  }

  private static void prefixSums(int[] counts) {
    for (int g = 1; g < counts.length; g++) {
      counts[g] += counts[g - 1];
    }
  }

  /**
   * The value an equality filter gives position k of row {@code r} to look up, or 0: the row's
   * value of the column it equals, if equal there means the same term (see {@link #equalTo}).
   */
  private long fromFilter(Rows rows, int r, int k) {
    if (equalTo == null || equalTo[k] < 0) {
      return 0;
    }
    long id = rows.get(r, equalTo[k]);
    boolean same = (equalTo[3] & (1 << k)) != 0 || (id != 0 && equalMeansSame.test(id));
    return same ? id : 0;
  }

  /** Looks up the matches of input rows [from, to): ranges vectored, the rest as scans. */
  private void lookup(Rows out, Rows rows, int from, int to) {
    seen = null;
    Probes probes = new Probes(to - from);
    Probes ranged = null; // rows with a bound subject and an object range
    long[] sharedRanges = null;
    boolean oneRange = true;
    long[] v = new long[3];
    for (int r = from; r < to; r++) {
      long rowKey = chunkBase++;
      long g = graphOf(rows, r);
      if (gCol >= 0 && g != QuadView.NONE && !named(g)) {
        continue; // GRAPH ?g with ?g bound to a graph outside the named graphs
      }
      for (int k = 0; k < 3; k++) {
        v[k] = consts[k] != 0 ? consts[k] : inInput[k] ? rows.get(r, cols[k]) : 0;
        if (v[k] == 0) {
          v[k] = fromFilter(rows, r, k);
        }
      }
      long[] ids = range == null || v[2] != 0 ? null : range.ranges(rows, r);
      if (ids != null) {
        if (v[0] == 0) {
          pending.add(new Scan(rows, r, rowKey, QuadScan.of(access.findObjectIn(g, v[1], ids))));
          rangeFree++;
        } else {
          ranged = ranged == null ? new Probes(to - r) : ranged;
          // One shared scan serves rows of one graph only.
          oneRange &= gCol < 0 && (ranged.size() == 0 || Arrays.equals(ids, sharedRanges));
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
        if (preds.length * objs.length > 1 || classesUp(p, v[2])) {
          seen = seen == null ? new HashSet<>() : seen;
        }
        for (long o : objs) {
          if (p == 0) {
            pending.add(new Scan(rows, r, rowKey, access.scan(g, v[0], 0, o)));
          } else {
            probes.add(r, rowKey, g, v[0], p, o, o);
          }
        }
      }
    }
    if (ranged != null) {
      SubjectsInRange in = oneRange ? subjectsIn(sharedRanges, ranged.size()) : null;
      for (int i = 0; i < ranged.size(); i++) {
        long s = ranged.quads.s(i);
        if (in == null) {
          probes.add(
              ranged.rows[i],
              ranged.rowKeys[i],
              ranged.quads.g(i),
              s,
              consts[1],
              ranged.quads.objectLo(i),
              ranged.quads.objectHi(i));
          rangeProbed++;
          continue;
        }
        for (int q = in.first(s); q >= 0; q = in.nextOf(q)) {
          emit(
              out,
              rows,
              ranged.rows[i],
              ranged.rowKeys[i],
              in.graph(q),
              s,
              consts[1],
              in.object(q));
        }
        rangeRows++;
      }
    }
    if (probes.size() == 1 && pending.isEmpty()) {
      // One pattern: stream it (a large one must not fill memory).
      QuadProbes one = probes.quads;
      long o = one.objectBound(0) ? one.objectLo(0) : 0;
      pending.add(
          new Scan(
              rows,
              probes.rows[0],
              probes.rowKeys[0],
              access.scan(one.g(0), one.s(0), one.p(0), o)));
      return;
    }
    if (probes.size() > 0) {
      access.lookup(
          probes.quads,
          (probe, g, s, p, o) -> {
            emit(out, rows, probes.rows[probe], probes.rowKeys[probe], g, s, p, o);
            return true;
          });
    }
  }

  /**
   * The quads in {@code ranges} by subject, scanned for {@code probes} rows, or null if the range
   * holds too many for that: the last scan is kept (the rows of a join often share one range), and
   * so is the last range found too large, until a bigger chunk could afford it. Rent or buy: the
   * rows earlier chunks probed in the same range count too, so a join whose chunks each stay too
   * small still scans once the rows it probed could have paid for it, instead of probing every row
   * (BSBM Q5 at 100M probed 15,360 rows at ~1 us each before its chunks grew large enough).
   */
  private SubjectsInRange subjectsIn(long[] ranges, int probes) {
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
    SubjectsInRange s = SubjectsInRange.scan(access, graph, consts[1], ranges, limit);
    if (s == null) {
      tooLarge = ranges;
      tooLargeLimit = limit;
      probedInRange += probes;
    } else {
      scanned = s;
      rangeScans++;
    }
    return s;
  }

  /**
   * True if position k of a quad found with predicate p may differ from the pattern's bound value
   * by inference: a subproperty for the predicate, a subclass for the class of rdf:type.
   */
  private boolean inferred(int k, long p) {
    return rules != null && (k == 1 || (k == 2 && p == rules.typeId()));
  }

  private boolean classesUp(long p, long o) {
    return rules != null && p == rules.typeId() && o == 0 && cols[2] >= 0;
  }

  /**
   * Adds a row for each of quads {@code from..from+n-1} of the scan's batch, for input row {@code
   * r}: every one matches (the scan read exactly the pattern, see {@link #plain}).
   */
  private void emitAll(Rows out, Rows rows, int r, int from, int n) {
    int width = out.width;
    int at = out.reserve(n);
    long[] data = out.data;
    int base = r * rows.width;
    int cs = cols[0];
    int cp = cols[1];
    int co = cols[2];
    for (int i = from; i < from + n; i++, at += width) {
      if (inWidth > 0) {
        System.arraycopy(rows.data, base, data, at, inWidth);
      }
      if (cs >= 0) {
        data[at + cs] = scanS[i];
      }
      if (cp >= 0) {
        data[at + cp] = scanP[i];
      }
      if (co >= 0) {
        data[at + co] = scanO[i];
      }
    }
  }

  private void setIfUnbound(long[] data, int at, int col, long id) {
    if (col >= 0 && (col >= inWidth || data[at + col] == 0)) {
      data[at + col] = id;
    }
  }

  /** Adds the output rows of one matching quad for input row {@code r}, if it fits the row. */
  private void emit(Rows out, Rows rows, int r, long rowKey, long g, long s, long p, long o) {
    int base = r * rows.width;
    if (direct) {
      if (g == graph) {
        int at = out.reserve(1);
        long[] data = out.data;
        System.arraycopy(rows.data, base, data, at, inWidth);
        // A column of the input the row left unbound (0) takes the match's value too.
        setIfUnbound(data, at, cols[0], s);
        setIfUnbound(data, at, cols[1], p);
        setIfUnbound(data, at, cols[2], o);
      }
      return;
    }
    if (gCol < 0 ? g != graph : !named(g) || (gInInput && !agrees(rows.data[base + gCol], g))) {
      return;
    }
    long[] q = {s, p, o};
    // Bound positions must agree (ranges are prefixes; inferred predicates and classes differ).
    for (int k = 0; k < 3; k++) {
      if (inferred(k, p)) {
        continue;
      }
      long bound = consts[k] != 0 ? consts[k] : inInput[k] ? rows.data[base + cols[k]] : 0;
      if (bound != 0 && bound != q[k]) {
        return;
      }
    }
    long[] classes =
        classesUp(p, inInput[2] ? rows.data[base + cols[2]] : consts[2])
            ? rules.superClassesOf(o)
            : null;
    int copies = classes == null ? 1 : classes.length;
    for (int c = 0; c < copies; c++) {
      if (classes != null) {
        q[2] = classes[c];
      }
      int at = out.append();
      System.arraycopy(rows.data, base, out.data, at, inWidth);
      boolean ok = true;
      for (int k = 0; k < 3 && ok; k++) {
        int col = cols[k];
        if (col < 0) {
          continue;
        }
        long have = out.data[at + col];
        if (have == 0) {
          out.data[at + col] = q[k];
        } else if (have != q[k] && !inferred(k, p)) {
          ok = false; // a variable repeated in the pattern, bound differently
        }
      }
      if (ok && gCol >= 0) {
        long have = out.data[at + gCol];
        ok = agrees(have, g);
        out.data[at + gCol] = g;
      }
      if (ok && seen != null) {
        // The whole row: a pattern may also fill input columns a row left unbound.
        long[] key = new long[vars.size() + 1];
        key[0] = rowKey;
        System.arraycopy(out.data, at, key, 1, vars.size());
        ok = seen.add(new RowKey(key));
      }
      if (!ok) {
        out.size--;
      }
    }
  }

  private static boolean agrees(long bound, long id) {
    return bound == 0 || bound == id;
  }

  /** Quad patterns to look up, with the input row each came from. */
  private final class Probes {
    private final int expected;
    QuadProbes quads; // made at the first probe: rows served another way need none
    int[] rows;
    long[] rowKeys;

    /** For about {@code expected} probes (a row's lookup usually adds one). */
    Probes(int expected) {
      this.expected = Math.max(1, expected);
    }

    void add(int row, long rowKey, long g, long s, long p, long oLo, long oHi) {
      if (quads == null) {
        quads = new QuadProbes(expected);
        rows = new int[expected];
        rowKeys = new long[expected];
      }
      int n = quads.addObjectRange(g, s, p, oLo, oHi);
      if (n == rows.length) {
        rows = Arrays.copyOf(rows, n * 2);
        rowKeys = Arrays.copyOf(rowKeys, n * 2);
      }
      rows[n] = row;
      rowKeys[n] = rowKey;
    }

    int size() {
      return quads == null ? 0 : quads.size();
    }
  }

  @Override
  public String label() {
    String label =
        "pattern "
            + text
            + (gCol >= 0 ? " in graph ?" + vars.get(gCol).getVarName() : "")
            + (rules != null ? " (inference)" : "");
    if (tableQuads >= 0) {
      label +=
          " [read whole"
              + (tableKept ? " by an earlier query" : "")
              + ": "
              + tableQuads
              + " quads served "
              + tableRows
              + " rows"
              + (inKeyOrderRows > 0 ? ", " + inKeyOrderRows + " in key order" : "")
              + "]";
    }
    if (range == null) {
      return label;
    }
    List<String> how = new ArrayList<>();
    if (rangeFree > 0) {
      how.add(rangeFree + " scans of it");
    }
    if (rangeScans > 0) {
      how.add(rangeRows + " rows served by " + rangeScans + " shared scans");
    }
    if (rangeProbed > 0) {
      how.add(rangeProbed + " rows probed (range too large)");
    }
    return label
        + " [?"
        + range.var().getVarName()
        + " in a range: "
        + String.join(", ", how)
        + "]";
  }

  @Override
  public List<IdOperator> inputs() {
    return List.of(input);
  }
}
