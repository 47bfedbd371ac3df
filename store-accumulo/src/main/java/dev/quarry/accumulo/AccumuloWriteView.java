package dev.quarry.accumulo;

import dev.quarry.core.dict.NodeIds;
import dev.quarry.core.dict.TermCodec;
import dev.quarry.core.index.spi.WriteView;
import dev.quarry.core.storage.StoreException;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.accumulo.core.client.AccumuloException;
import org.apache.accumulo.core.client.AccumuloSecurityException;
import org.apache.accumulo.core.client.BatchScanner;
import org.apache.accumulo.core.client.BatchWriter;
import org.apache.accumulo.core.client.MultiTableBatchWriter;
import org.apache.accumulo.core.client.MutationsRejectedException;
import org.apache.accumulo.core.client.Scanner;
import org.apache.accumulo.core.client.TableNotFoundException;
import org.apache.accumulo.core.data.Mutation;
import org.apache.accumulo.core.data.Range;
import org.apache.accumulo.core.data.Value;
import org.apache.accumulo.core.security.Authorizations;
import org.apache.hadoop.io.Text;
import org.apache.jena.graph.Node;
import org.apache.jena.sparql.core.Quad;

/**
 * The writer: it holds the instance's writer lock ({@link TxnLog}) for transaction T and writes its
 * cells with T's timestamps, which no reader reads until the commit record says T. It remembers
 * each quad it touched (whether the committed state had it, whether it has it now), so add and
 * delete answer exactly with one point read per new quad, and sends its changes in batches: before
 * any read of quads (it reads at T, its own cells included) and at commit. At commit it brings the
 * pair counts and statistics of what it changed up to date (one batch scan of the counts it moves),
 * then writes the commit record.
 */
final class AccumuloWriteView extends AccumuloView implements WriteView {
  private static final Text EMPTY = new Text();

  /** Terms an import keeps as terms between batches (the hot ones: predicates, classes). */
  private static final int RECENT_TERMS = 50_000;

  private final TxnLog.Lease lease;
  private final ReadPoint at;
  private final ReadPoint base;
  private final Stats baseStats;
  private final Terms.Local local = new Terms.Local();
  private final Map<Quad4, Change> touched = new HashMap<>();
  private final Set<Quad4> dirty = new LinkedHashSet<>();
  private final List<Object[]> newTerms = new ArrayList<>(); // {record, id}
  private final MultiTableBatchWriter out;
  private int flushes;
  private boolean wrote;
  private TermPrints prints; // an import's: every term it made, by fingerprint, while they fit
  private boolean forgot; // an import's fingerprints overflowed: its terms are read back
  private long newTermCount;
  private boolean ended;
  private long quadsDelta;
  private Stats after; // the statistics with this writer's changes; null: to compute
  private Map<CountKey, Long> newCounts;
  private Set<Long> changedPredicates;
  private Set<Long> changedGraphs;

  private record Quad4(long g, long s, long p, long o) {
    long[] array() {
      return new long[] {g, s, p, o};
    }
  }

  /** One quad this writer touched: in the committed state, now, and as last sent (null: not). */
  private static final class Change {
    final boolean inBase;
    boolean present;
    Boolean sent;

    Change(boolean inBase) {
      this.inBase = inBase;
      this.present = inBase;
    }
  }

  /** A row of the counts table: kind ('s' p-s, 'o' p-o, 'g' g-s) and the pair. */
  record CountKey(byte kind, long a, long b) {
    byte[] row() {
      return Bytes.tagged(kind, a, b);
    }
  }

  AccumuloWriteView(AccumuloBackend backend, TxnLog.Lease lease) {
    super(backend, null);
    this.lease = lease;
    this.base = lease.base.readPoint();
    this.at = new ReadPoint(lease.txn, lease.base.aborted());
    this.baseStats = backend.stats(base);
    this.out = backend.client.createMultiTableBatchWriter();
  }

  long txn() {
    return lease.txn;
  }

  TxnLog.Lease lease() {
    return lease;
  }

  @Override
  ReadPoint readPoint() {
    return at;
  }

  @Override
  Terms.Local local() {
    return local;
  }

  @Override
  void beforeRead() {
    flush();
  }

  // ---- terms ---------------------------------------------------------------------------------

  @Override
  public long idOrCreate(Node n) {
    long id = mine(n);
    if (id == NONE && !allNew()) {
      id = id(n);
    }
    if (id != NONE) {
      return id;
    }
    return createMissing(n);
  }

  /**
   * True while every term this writer has not made is new: the committed dictionary is empty and
   * the writer has forgotten none of its own (an import into a new store), so nothing need be
   * asked.
   */
  private boolean allNew() {
    return baseStats.terms == 0 && !forgot;
  }

  /**
   * The id of a term fixed by its value or made by this writer (an import's: by its fingerprint),
   * or NONE.
   */
  private long mine(Node n) {
    long id = NodeIds.fixedId(n);
    if (id != NONE) {
      return id;
    }
    Long made = local.ids.get(n);
    if (made != null) {
      return made;
    }
    if (prints == null || !n.isConcrete()) {
      return NONE;
    }
    boolean[] partMissing = {false};
    byte[] record =
        TermCodec.encode(
            n,
            part -> {
              long p = mine(part);
              partMissing[0] |= p == NONE;
              return p;
            });
    return partMissing[0] ? NONE : prints.get(record);
  }

  /** Gives a term known to be missing its id (a triple term's parts are looked up, or made). */
  private long createMissing(Node n) {
    if (!n.isConcrete()) {
      throw new IllegalArgumentException("not a concrete term: " + n);
    }
    return create(n, TermCodec.encode(n, this::idOrCreate));
  }

  /** Gives a term the store lacks its id (sent with the next flush). */
  private long create(Node n, byte[] record) {
    long id = NodeIds.make(NodeIds.TAG_TERM, backend.nextTermNumber());
    local.put(n, id);
    newTerms.add(new Object[] {record, id});
    newTermCount++;
    if (prints != null && !prints.put(record, id)) {
      // Full: forget them all, once the tables have them (a term met again is read back).
      send(true);
      prints.clear();
      forgot = true;
      prints.put(record, id);
    }
    return id;
  }

  // ---- quads ---------------------------------------------------------------------------------

  @Override
  public boolean add(long g, long s, long p, long o) {
    return set(new Quad4(g, s, p, o), true);
  }

  @Override
  public boolean delete(long g, long s, long p, long o) {
    return set(new Quad4(g, s, p, o), false);
  }

  private boolean set(Quad4 q, boolean present) {
    checkOpen();
    Change c = touched.get(q);
    if (c == null) {
      c = new Change(committedHas(q));
      touched.put(q, c);
    }
    if (c.present == present) {
      return false;
    }
    c.present = present;
    dirty.add(q);
    forgetReads();
    quadsDelta += present ? 1 : -1;
    after = null;
    return true;
  }

  /**
   * Adds many quads with a few round trips rather than some per quad: their terms looked up in one
   * batch scan (the missing ones made), the committed state asked about all the new quads in
   * another, the changes sent in one flush. The bulk load's path.
   */
  void addAll(List<Quad> quads) {
    long[] ids = encode(quads);
    List<Quad4> fresh = new ArrayList<>();
    for (int i = 0; i < quads.size(); i++) {
      Quad4 k = new Quad4(ids[4 * i], ids[4 * i + 1], ids[4 * i + 2], ids[4 * i + 3]);
      if (!touched.containsKey(k)) {
        touched.put(k, null); // placeholder: asked below
        fresh.add(k);
      }
    }
    List<Range> asked = new ArrayList<>();
    for (Quad4 k : fresh) {
      asked.add(Range.exact(new Text(Order.PSOG.key(k.array()))));
    }
    Set<ByteBuffer> there = new HashSet<>();
    if (!asked.isEmpty() && baseStats.quads() > 0) {
      backend.trips.count(RoundTrips.Kind.BATCH_SCAN);
      try (BatchScanner scan =
          backend.client.createBatchScanner(
              backend.tables.quads.get(Order.PSOG), Authorizations.EMPTY, backend.scanThreads)) {
        base.apply(scan, true);
        scan.setRanges(asked);
        scan.forEach(e -> there.add(ByteBuffer.wrap(e.getKey().getRowData().toArray())));
      } catch (TableNotFoundException e) {
        throw Terms.gone(e);
      }
    }
    for (Quad4 k : fresh) {
      touched.put(k, new Change(there.contains(ByteBuffer.wrap(Order.PSOG.key(k.array())))));
    }
    for (int i = 0; i < quads.size(); i++) {
      set(new Quad4(ids[4 * i], ids[4 * i + 1], ids[4 * i + 2], ids[4 * i + 3]), true);
    }
    flush();
  }

  /**
   * The ids of the quads' terms, four per quad (g, s, p, o): the known ones found in one batch
   * scan, the missing ones made.
   */
  long[] encode(List<Quad> quads) {
    checkOpen();
    Map<Node, Long> ids = new HashMap<>();
    for (Quad q : quads) {
      ids.put(q.getGraph(), NONE);
      ids.put(q.getSubject(), NONE);
      ids.put(q.getPredicate(), NONE);
      ids.put(q.getObject(), NONE);
    }
    Node[] terms = ids.keySet().toArray(Node[]::new);
    long[] found = new long[terms.length];
    int unknown = 0;
    int[] where = new int[terms.length]; // the index in terms of each term asked
    Node[] ask = new Node[terms.length];
    for (int i = 0; i < terms.length; i++) {
      found[i] = mine(terms[i]);
      if (found[i] == NONE) {
        where[unknown] = i;
        ask[unknown++] = terms[i];
      }
    }
    if (unknown > 0 && !allNew()) {
      long[] asked = new long[unknown];
      ids(ask, unknown, asked);
      for (int k = 0; k < unknown; k++) {
        found[where[k]] = asked[k];
      }
    }
    for (int i = 0; i < terms.length; i++) {
      long id = found[i];
      if (id == NONE) {
        Long made = local.ids.get(terms[i]); // by now, as a part of a triple term of this batch
        id = made != null ? made : createMissing(terms[i]);
      }
      ids.put(terms[i], id);
    }
    if (prints != null) {
      // An import's new terms go in the background, and its own lookups go by fingerprint: the
      // writer keeps the terms of the last batch only (until the fingerprints overflow, nothing
      // it made need be read back; after, the tables have what it forgot: send(true) before).
      send(false);
      local.trim(RECENT_TERMS);
    }
    long[] out = new long[quads.size() * 4];
    int at = 0;
    for (Quad q : quads) {
      out[at++] = ids.get(q.getGraph());
      out[at++] = ids.get(q.getSubject());
      out[at++] = ids.get(q.getPredicate());
      out[at++] = ids.get(q.getObject());
    }
    return out;
  }

  /** True if the state this writer began from holds no quad and it has changed none. */
  boolean startsEmpty() {
    return baseStats.quads() == 0 && touched.isEmpty();
  }

  /**
   * Makes this writer an import's: each {@link #encode} sends its new terms in the background, and
   * the writer knows its terms by fingerprint ({@link TermPrints}, about {@code termBytes}), not as
   * terms.
   */
  void beginImport(long termBytes) {
    prints = new TermPrints(termBytes);
  }

  /**
   * Commits an import into an empty store: the quads ({@link #encode}d, duplicates allowed) written
   * as RFiles and bulk-imported (the terms were sent as they came), then the commit record. Returns
   * the quads imported.
   */
  long commitImport(
      ImportRuns runs, String bulkDir, int tablets, int threads, Map<String, Duration> phases) {
    checkOpen();
    if (!startsEmpty() || !dirty.isEmpty()) {
      throw new IllegalStateException(
          "an import is into an empty store, by a writer that changed nothing");
    }
    flush();
    wrote = true;
    RFileImport files = new RFileImport(backend, lease.txn, bulkDir, tablets, threads);
    long loaded = files.run(runs, baseStats.terms + newTermCount);
    phases.putAll(files.phases());
    long t0 = System.nanoTime();
    backend.txnLog.commit(lease);
    phases.put("commit", Duration.ofNanos(System.nanoTime() - t0));
    backend.terms.committed(local);
    finish();
    return loaded;
  }

  /** Whether the committed state this writer began from has the quad: one point read. */
  private boolean committedHas(Quad4 q) {
    if (baseStats.quads() == 0) {
      return false; // an empty state: nothing to ask
    }
    backend.trips.count(RoundTrips.Kind.SCAN);
    try (Scanner s =
        backend.client.createScanner(backend.tables.quads.get(Order.PSOG), Authorizations.EMPTY)) {
      base.apply(s, true);
      s.setRange(Range.exact(new Text(Order.PSOG.key(q.array()))));
      return s.iterator().hasNext();
    } catch (TableNotFoundException e) {
      throw Terms.gone(e);
    }
  }

  private void flush() {
    send(true);
  }

  /**
   * Sends the new terms and changed quads since the last send as one batch of T's cells; with
   * {@code wait} ({@link #flush}), returns once the tablet servers have them.
   */
  private void send(boolean wait) {
    checkOpen();
    if (dirty.isEmpty() && newTerms.isEmpty()) {
      if (wait && wrote) {
        waitSent();
      }
      return;
    }
    long ts = ReadPoint.timestamp(lease.txn, ++flushes);
    wrote = true;
    try {
      BatchWriter terms = out.getBatchWriter(backend.tables.terms);
      BatchWriter ids = out.getBatchWriter(backend.tables.ids);
      for (Object[] t : newTerms) {
        byte[] record = (byte[]) t[0];
        byte[] id = Bytes.ofLong((Long) t[1]);
        Mutation byTerm = new Mutation(new Text(record));
        byTerm.put(EMPTY, EMPTY, ts, new Value(id));
        terms.addMutation(byTerm);
        Mutation byId = new Mutation(new Text(id));
        byId.put(EMPTY, EMPTY, ts, new Value(record));
        ids.addMutation(byId);
      }
      Map<Order, BatchWriter> writers = new EnumMap<>(Order.class);
      for (Order order : Order.values()) {
        writers.put(order, out.getBatchWriter(backend.tables.quads.get(order)));
      }
      for (Quad4 q : dirty) {
        Change c = touched.get(q);
        boolean was = c.sent != null ? c.sent : c.inBase;
        if (c.present == was) {
          continue;
        }
        c.sent = c.present;
        Value v = new Value(c.present ? ReadPoint.PRESENT : ReadPoint.DELETED);
        long[] quad = q.array();
        for (Order order : Order.values()) {
          Mutation m = new Mutation(new Text(order.key(quad)));
          m.put(EMPTY, EMPTY, ts, v);
          writers.get(order).addMutation(m);
        }
      }
      if (wait) {
        waitSent();
      }
    } catch (TableNotFoundException | AccumuloException | AccumuloSecurityException e) {
      throw new StoreException("writing to Accumulo failed: " + e.getMessage(), e);
    }
    dirty.clear();
    newTerms.clear();
  }

  private void waitSent() {
    try {
      out.flush();
      backend.trips.count(RoundTrips.Kind.WRITE);
    } catch (MutationsRejectedException e) {
      throw new StoreException("writing to Accumulo failed: " + e.getMessage(), e);
    }
  }

  // ---- statistics ----------------------------------------------------------------------------

  @Override
  public long quads() {
    return baseStats.quads() + quadsDelta;
  }

  /**
   * The statistics after this writer's changes: the committed ones moved by the net change of each
   * quad it touched; a distinct count moves where a pair's count leaves or reaches zero.
   */
  @Override
  Stats stats() {
    if (after != null) {
      return after;
    }
    Map<Long, long[]> ps = new HashMap<>();
    Map<Long, long[]> gs = new HashMap<>();
    baseStats.predicates.forEach((k, v) -> ps.put(k, v.clone()));
    baseStats.graphs.forEach((k, v) -> gs.put(k, v.clone()));
    Map<CountKey, Long> moves = new HashMap<>();
    changedPredicates = new HashSet<>();
    changedGraphs = new HashSet<>();
    touched.forEach(
        (q, c) -> {
          if (c.present == c.inBase) {
            return;
          }
          long d = c.present ? 1 : -1;
          ps.computeIfAbsent(q.p, k -> new long[3])[0] += d;
          gs.computeIfAbsent(q.g, k -> new long[2])[0] += d;
          changedPredicates.add(q.p);
          changedGraphs.add(q.g);
          moves.merge(new CountKey((byte) 's', q.p, q.s), d, Long::sum);
          moves.merge(new CountKey((byte) 'o', q.p, q.o), d, Long::sum);
          moves.merge(new CountKey((byte) 'g', q.g, q.s), d, Long::sum);
        });
    Map<CountKey, Long> before = backend.counts(base, moves.keySet());
    newCounts = new HashMap<>();
    moves.forEach(
        (k, d) -> {
          if (d == 0) {
            return;
          }
          long was = before.getOrDefault(k, 0L);
          long now = was + d;
          newCounts.put(k, now);
          int step = was == 0 && now > 0 ? 1 : was > 0 && now == 0 ? -1 : 0;
          switch (k.kind()) {
            case 's' -> ps.get(k.a())[1] += step;
            case 'o' -> ps.get(k.a())[2] += step;
            default -> gs.get(k.a())[1] += step;
          }
        });
    after = new Stats(ps, gs, baseStats.terms + newTermCount);
    return after;
  }

  // ---- the transaction -----------------------------------------------------------------------

  @Override
  public long generation() {
    return -1;
  }

  @Override
  public long baseGeneration() {
    return lease.base.committed();
  }

  @Override
  public void commit() {
    checkOpen();
    flush();
    Stats s = stats();
    if (!newCounts.isEmpty() || newTermCount > 0) {
      writeFigures(s);
    }
    backend.txnLog.commit(lease);
    backend.terms.committed(local);
    finish();
  }

  /** The moved pair counts and the changed predicates' and graphs' figures, as T's last cells. */
  private void writeFigures(Stats s) {
    long ts = ReadPoint.timestamp(lease.txn, ++flushes);
    wrote = true;
    try {
      BatchWriter counts = out.getBatchWriter(backend.tables.counts);
      for (Map.Entry<CountKey, Long> e : newCounts.entrySet()) {
        Mutation m = new Mutation(new Text(e.getKey().row()));
        m.put(EMPTY, EMPTY, ts, new Value(Bytes.ofLong(e.getValue())));
        counts.addMutation(m);
      }
      BatchWriter stats = out.getBatchWriter(backend.tables.stats);
      for (long p : changedPredicates) {
        Mutation m = new Mutation(new Text(Bytes.tagged(Stats.PREDICATE, p)));
        m.put(EMPTY, EMPTY, ts, new Value(Stats.bytes(s.predicates.get(p))));
        stats.addMutation(m);
      }
      for (long g : changedGraphs) {
        Mutation m = new Mutation(new Text(Bytes.tagged(Stats.GRAPH, g)));
        m.put(EMPTY, EMPTY, ts, new Value(Stats.bytes(s.graphs.get(g))));
        stats.addMutation(m);
      }
      if (newTermCount > 0) {
        Mutation m = new Mutation(new Text(Bytes.tagged(Stats.TERMS, 0)));
        m.put(EMPTY, EMPTY, ts, new Value(Bytes.ofLong(s.terms)));
        stats.addMutation(m);
      }
      out.flush();
      backend.trips.count(RoundTrips.Kind.WRITE);
    } catch (TableNotFoundException | AccumuloException | AccumuloSecurityException e) {
      throw new StoreException("writing to Accumulo failed: " + e.getMessage(), e);
    }
  }

  @Override
  public void abort() {
    if (ended) {
      return;
    }
    try {
      backend.txnLog.abort(lease, wrote);
    } finally {
      finish();
    }
  }

  private void finish() {
    ended = true;
    closeScans();
    try {
      out.close();
    } catch (MutationsRejectedException e) {
      // nothing is left unsent: every batch was flushed when it was made
    } finally {
      backend.writerEnded(this);
    }
  }

  private void checkOpen() {
    if (ended) {
      throw new IllegalStateException("the write transaction has ended");
    }
  }
}
