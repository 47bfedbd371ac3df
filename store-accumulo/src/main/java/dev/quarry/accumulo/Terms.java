package dev.quarry.accumulo;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import dev.quarry.core.dict.InlineValues;
import dev.quarry.core.dict.NodeIds;
import dev.quarry.core.dict.TermCodec;
import dev.quarry.core.storage.StoreException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.client.BatchScanner;
import org.apache.accumulo.core.client.TableNotFoundException;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Range;
import org.apache.accumulo.core.data.Value;
import org.apache.accumulo.core.security.Authorizations;
import org.apache.hadoop.io.Text;
import org.apache.jena.graph.Node;
import org.apache.jena.sparql.core.Quad;

/**
 * The dictionary on Accumulo: table {@code terms} maps a term's bytes ({@link TermCodec}, the same
 * bytes the paged engine hashes) to its id, table {@code ids} the id back to the bytes. Literals
 * the id scheme holds inline and the default graph have fixed ids, as in every backend. Term ids
 * are leased in blocks from the transaction record, so a writer asks the instance once per block.
 * Both directions are cached: ids never change once given.
 */
final class Terms {
  private final AccumuloClient client;
  private final Tables tables;
  private final int threads;
  private final Cache<Node, Long> idCache;
  private final Cache<Long, Node> nodeCache;
  private final RoundTrips trips;
  private final long cacheSize;

  Terms(AccumuloClient client, Tables tables, int threads, long cacheSize, RoundTrips trips) {
    this.trips = trips;
    this.client = client;
    this.tables = tables;
    this.threads = threads;
    this.cacheSize = cacheSize;
    this.idCache = Caffeine.newBuilder().maximumSize(cacheSize).build();
    this.nodeCache = Caffeine.newBuilder().maximumSize(cacheSize).build();
  }

  /**
   * A writer's own new terms, which only it may see. An import's forgets all but the most recent
   * ones each time it has sent them ({@link #trim}): the tables have them then, at the writer's
   * transaction, and a quad that names one again reads it back from there.
   */
  static final class Local {
    final Map<Node, Long> ids = new LinkedHashMap<>();
    final Map<Long, Node> nodes = new LinkedHashMap<>();

    void put(Node n, long id) {
      ids.put(n, id);
      nodes.put(id, n);
    }

    /** Forgets the least recently made terms but {@code keep}; call only once they are sent. */
    void trim(int keep) {
      trim(ids, keep);
      trim(nodes, keep);
    }

    private static void trim(Map<?, ?> m, int keep) {
      var it = m.entrySet().iterator();
      for (int drop = m.size() - keep; drop > 0; drop--) {
        it.next();
        it.remove();
      }
    }
  }

  /** The id of {@code n} at read point {@code at} (with {@code local}'s terms), or NONE. */
  long id(Node n, ReadPoint at, Local local) {
    long[] out = new long[1];
    ids(new Node[] {n}, 1, out, at, local);
    return out[0];
  }

  /** {@link #id} of many terms in one batch scan. */
  void ids(Node[] terms, int n, long[] out, ReadPoint at, Local local) {
    Map<ByteBuffer, List<Integer>> asked = new HashMap<>();
    for (int i = 0; i < n; i++) {
      out[i] = known(terms[i], at, local);
      if (out[i] == NodeIds.NONE && terms[i].isConcrete()) {
        byte[] record = record(terms[i], at, local);
        if (record != null) {
          asked.computeIfAbsent(ByteBuffer.wrap(record), k -> new ArrayList<>()).add(i);
        }
      }
    }
    if (asked.isEmpty()) {
      return;
    }
    List<Range> ranges = new ArrayList<>();
    asked.keySet().forEach(b -> ranges.add(Range.exact(new Text(b.array()))));
    trips.count(RoundTrips.Kind.BATCH_SCAN);
    try (BatchScanner scan =
        client.createBatchScanner(tables.terms, Authorizations.EMPTY, threads)) {
      at.apply(scan, false);
      scan.setRanges(ranges);
      for (Map.Entry<Key, Value> e : trips.counted(scan)) {
        byte[] row = e.getKey().getRowData().toArray();
        long id = Bytes.getLong(e.getValue().get(), 0);
        for (int i : asked.getOrDefault(ByteBuffer.wrap(row), List.of())) {
          out[i] = id;
          idCache.put(terms[i], id);
          nodeCache.put(id, terms[i]);
        }
      }
    } catch (TableNotFoundException e) {
      throw gone(e);
    }
  }

  /** An id known without asking the instance, or NONE. */
  private long known(Node n, ReadPoint at, Local local) {
    long id = NodeIds.fixedId(n);
    if (id != NodeIds.NONE) {
      return id;
    }
    if (local != null) {
      Long mine = local.ids.get(n);
      if (mine != null) {
        return mine;
      }
    }
    Long cached = idCache.getIfPresent(n);
    return cached != null ? cached : NodeIds.NONE;
  }

  /** A term's bytes; for a triple term one of whose parts has no id, null. */
  byte[] record(Node n, ReadPoint at, Local local) {
    return TermCodec.encode(n, part -> id(part, at, local));
  }

  /** The term of an id. */
  Node node(long id, Local local) {
    Node[] out = new Node[1];
    nodes(new long[] {id}, 1, out, local);
    return out[0];
  }

  /** {@link #node} of many ids in one batch scan. */
  void nodes(long[] ids, int n, Node[] out, Local local) {
    Map<Long, List<Integer>> asked = new HashMap<>();
    for (int i = 0; i < n; i++) {
      long id = ids[i];
      if (NodeIds.isInline(id)) {
        out[i] = InlineValues.decode(id);
      } else if (id == NodeIds.DEFAULT_GRAPH) {
        out[i] = Quad.defaultGraphIRI;
      } else {
        Node mine = local == null ? null : local.nodes.get(id);
        out[i] = mine != null ? mine : nodeCache.getIfPresent(id);
        if (out[i] == null) {
          asked.computeIfAbsent(id, k -> new ArrayList<>()).add(i);
        }
      }
    }
    if (asked.isEmpty()) {
      return;
    }
    List<Range> ranges = new ArrayList<>();
    asked.keySet().forEach(id -> ranges.add(Range.exact(new Text(Bytes.ofLong(id)))));
    // Ids are never reused, so the newest cell of an id is its term, whatever the read point.
    trips.count(RoundTrips.Kind.BATCH_SCAN);
    try (BatchScanner scan = client.createBatchScanner(tables.ids, Authorizations.EMPTY, threads)) {
      scan.setRanges(ranges);
      for (Map.Entry<Key, Value> e : trips.counted(scan)) {
        long id = Bytes.getLong(e.getKey().getRowData().toArray(), 0);
        byte[] record = e.getValue().get();
        Node node = TermCodec.decode(record, 0, record.length, part -> node(part, local));
        nodeCache.put(id, node);
        for (int i : asked.get(id)) {
          out[i] = node;
        }
      }
    } catch (TableNotFoundException e) {
      throw gone(e);
    }
    for (Map.Entry<Long, List<Integer>> a : asked.entrySet()) {
      if (out[a.getValue().get(0)] == null) {
        throw new StoreException("no term has id " + NodeIds.toString(a.getKey()));
      }
    }
  }

  /**
   * Remembers the term of an id read by a warm-up (both directions); false once the caches are
   * full. A triple term whose parts are not remembered yet is left for a query to ask.
   */
  boolean warm(long id, byte[] record) {
    if (nodeCache.estimatedSize() >= cacheSize) {
      return false;
    }
    Node node;
    try {
      node =
          TermCodec.decode(
              record,
              0,
              record.length,
              part -> {
                Node n = nodeCache.getIfPresent(part);
                if (n == null && NodeIds.isInline(part)) {
                  n = InlineValues.decode(part);
                }
                if (n == null) {
                  throw new IllegalStateException("part not remembered yet");
                }
                return n;
              });
    } catch (IllegalStateException notYet) {
      return true;
    }
    nodeCache.put(id, node);
    idCache.put(node, id);
    return true;
  }

  /** Remembers a committed writer's new terms for everyone. */
  void committed(Local local) {
    local.ids.forEach(idCache::put);
    local.nodes.forEach(nodeCache::put);
  }

  static StoreException gone(TableNotFoundException e) {
    return new StoreException("the store's tables are gone: " + e.getMessage(), e);
  }
}
