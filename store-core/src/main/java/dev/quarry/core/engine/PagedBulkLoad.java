package dev.quarry.core.engine;

import dev.quarry.core.Store;
import dev.quarry.core.index.QuadWriter;
import dev.quarry.core.text.TextIndex;
import dev.quarry.core.txn.Transactions;
import dev.quarry.core.txn.WriteTxn;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;
import org.apache.jena.graph.Node;
import org.apache.jena.shared.JenaException;
import org.apache.jena.sparql.core.Quad;

/**
 * The bulk path: one write transaction and a bulk {@link QuadWriter}: terms encoded as they come
 * (by as many threads as call {@link #addAll} at once), quads held as ids up to the load's memory
 * and beyond it written to sorted runs in a spill directory; at commit every index rebuilt with
 * them bottom-up (or, for a load much smaller than its store, merged into the leaves it falls
 * into), then one commit. The load is atomic: until the commit nothing of it is visible, and an
 * abort or a crash leaves the store as it was.
 */
final class PagedBulkLoad implements Store.BulkLoad {
  private final Transactions txns;
  private final WriteTxn w;
  private final QuadWriter writer;
  private final Path spillDir;
  private final AtomicLong offered = new AtomicLong();
  private volatile boolean done;
  private final ThreadLocal<RecentTerms> recent = ThreadLocal.withInitial(RecentTerms::new);
  private final Map<String, Duration> phases = new LinkedHashMap<>();
  private final TextIndex text; // null: off, or built whole at commit (a load into an empty store)

  PagedBulkLoad(PagedBackend engine, Store.BulkOptions options, Path spillDir) {
    this.txns = engine.txns();
    this.spillDir = spillDir;
    this.w = engine.writeTxn();
    TextIndex t = engine.text();
    if (t != null && engine.statsTrees().read(w.base()).quads() == 0) {
      t.rebuildAtCommit(w); // one pass over the new state beats a lookup per literal
      t = null;
    }
    this.text = t;
    try {
      sweep(spillDir); // runs a load that died left behind
      this.writer =
          engine.bulkWriter(
              w, new QuadWriter.BulkSettings(options.memoryBytes(), options.threads(), spillDir));
    } catch (RuntimeException e) {
      txns.abort(w);
      throw e;
    }
  }

  @Override
  public void add(Quad q) {
    addAll(List.of(q));
  }

  @Override
  public void addAll(List<Quad> quads) {
    long[] ids = new long[quads.size() * 4];
    RecentTerms recent = this.recent.get();
    int k = 0;
    for (Quad q : quads) {
      Node g = q.getGraph();
      if (Quad.isUnionGraph(g)) {
        throw new JenaException("cannot load into the union graph");
      }
      ids[k++] = recent.id(g, writer);
      ids[k++] = recent.id(q.getSubject(), writer);
      ids[k++] = recent.id(q.getPredicate(), writer);
      ids[k++] = recent.id(q.getObject(), writer);
    }
    writer.addLoaded(ids, quads.size());
    if (text != null) {
      for (int i = 0; i < k; i += 4) {
        text.touched(w, ids[i + 2], ids[i + 3]);
      }
    }
    offered.addAndGet(quads.size());
  }

  @Override
  public Map<String, Duration> phases() {
    return phases;
  }

  @Override
  public long spilledBytes() {
    return writer.spilledBytes();
  }

  @Override
  public long commit() {
    done = true;
    try {
      writer.finish();
      long t = System.nanoTime();
      txns.commit(w);
      phases.putAll(writer.phases());
      phases.put("commit", Duration.ofNanos(System.nanoTime() - t));
      return offered.get();
    } catch (RuntimeException e) {
      txns.abort(w); // harmless if the commit had ended it
      throw e;
    } finally {
      sweep(spillDir);
    }
  }

  @Override
  public void abort() {
    if (!done) {
      done = true;
      writer.discard();
      txns.abort(w);
      sweep(spillDir);
    }
  }

  private static void sweep(Path dir) {
    if (!Files.isDirectory(dir)) {
      return;
    }
    try (Stream<Path> files = Files.list(dir)) {
      for (Path f : (Iterable<Path>) files::iterator) {
        Files.deleteIfExists(f);
      }
      Files.deleteIfExists(dir);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot clear the load's spill directory " + dir, e);
    }
  }

  /**
   * A loading thread's ids of the terms it met lately: data repeats its predicates, classes and
   * subjects, and a hit here skips the term's encoding, hashing and lookup.
   */
  private static final class RecentTerms {
    private static final int SIZE = 1 << 13; // a power of two
    private final Node[] nodes = new Node[SIZE];
    private final long[] ids = new long[SIZE];

    long id(Node n, QuadWriter writer) {
      int h = n.hashCode();
      int slot = (h ^ (h >>> 15)) & (SIZE - 1);
      Node was = nodes[slot];
      if (was == n || (was != null && was.equals(n))) {
        return ids[slot];
      }
      long id = writer.encodeLoading(n);
      nodes[slot] = n;
      ids[slot] = id;
      return id;
    }
  }
}
