package dev.quarry.accumulo;

import dev.quarry.accumulo.tserver.PackedRows;
import dev.quarry.accumulo.tserver.VisibleVersions;
import dev.quarry.core.config.ConfigException;
import dev.quarry.core.storage.StoreException;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.client.TableExistsException;
import org.apache.accumulo.core.client.admin.NewTableConfiguration;
import org.apache.accumulo.core.iterators.SortedKeyValueIterator;

/**
 * The store's tables, all named with one prefix: one per quad {@link Order}; {@code terms} (record
 * bytes to id) and {@code ids} (id to record bytes), the dictionary; {@code counts}, the quads per
 * (p, s), (p, o) and (g, s) pair (the projections, which keep distinct counts exact under updates);
 * {@code stats}, per predicate and per graph; {@code meta}, the transaction record. Every table but
 * meta keeps all versions of a cell (see {@link ReadPoint}).
 */
final class Tables {
  final String prefix;
  final Map<Order, String> quads = new EnumMap<>(Order.class);
  final String terms;
  final String ids;
  final String counts;
  final String stats;
  final String meta;

  Tables(String prefix) {
    if (!prefix.matches("[A-Za-z0-9_]*")) {
      throw new ConfigException(
          "option 'store.accumulo.table-prefix' may hold letters, digits and _ only, got '"
              + prefix
              + "'");
    }
    this.prefix = prefix;
    for (Order o : Order.values()) {
      quads.put(o, prefix + o.suffix());
    }
    terms = prefix + "terms";
    ids = prefix + "ids";
    counts = prefix + "counts";
    stats = prefix + "stats";
    meta = prefix + "meta";
  }

  List<String> versioned() {
    List<String> all = new ArrayList<>(quads.values());
    all.addAll(List.of(terms, ids, counts, stats));
    return all;
  }

  List<String> all() {
    List<String> all = new ArrayList<>(versioned());
    all.add(meta);
    return all;
  }

  /** True if the store's tables are there (its meta table is made last). */
  boolean exist(AccumuloClient client) {
    return client.tableOperations().exists(meta);
  }

  /**
   * Makes the tables that are missing, all at once (each is an operation of the manager's; several
   * servers may race: the loser finds them made); the meta table last, as the mark of a whole
   * store.
   */
  void create(AccumuloClient client) {
    eachAtOnce(
        versioned(),
        t -> {
          if (!client.tableOperations().exists(t)) {
            NewTableConfiguration c = new NewTableConfiguration().withoutDefaultIterators();
            if (t.equals(terms)) {
              // Point reads of terms an import has not met yet mostly find nothing: a bloom filter
              // per file answers those without reading the file.
              c.setProperties(Map.of("table.bloom.enabled", "true"));
            }
            try {
              client.tableOperations().create(t, c);
            } catch (TableExistsException raced) {
              // made by another server meanwhile
            }
          }
        });
    eachAtOnce(
        List.of(meta),
        t -> {
          if (!client.tableOperations().exists(t)) {
            try {
              client.tableOperations().create(t);
            } catch (TableExistsException raced) {
              // made by another server meanwhile
            }
          }
        });
  }

  /**
   * Fails unless the tablet servers can load Quarry's iterators ({@code
   * dev.quarry.accumulo.tserver}, in this module's jar), which every read and compaction runs
   * there.
   */
  void requireServerIterators(AccumuloClient client) {
    // PackedRows came after VisibleVersions: asking for both also finds a jar of an older Quarry.
    for (Class<?> c : List.of(VisibleVersions.class, PackedRows.class)) {
      String iterator = c.getName();
      boolean loads;
      try {
        loads =
            client
                .tableOperations()
                .testClassLoad(
                    quads.get(Order.PSOG), iterator, SortedKeyValueIterator.class.getName());
      } catch (Exception e) {
        throw new StoreException("cannot ask the tablet servers for " + iterator + ": " + e, e);
      }
      if (!loads) {
        throw new StoreException(
            "the tablet servers cannot load "
                + iterator
                + ": put store-accumulo's jar (the one this Quarry runs with) in the lib/ directory"
                + " of every tablet server and restart them (docs/CLUSTER.md)");
      }
    }
  }

  /** An operation on a table that Accumulo may refuse. */
  private interface TableAction {
    void run(String table) throws Exception;
  }

  /** Runs {@code action} on every table at once; the first failure is thrown, naming its table. */
  private static void eachAtOnce(List<String> tables, TableAction action) {
    try (var pool = Executors.newVirtualThreadPerTaskExecutor()) {
      List<Future<?>> done = new ArrayList<>();
      for (String t : tables) {
        done.add(
            pool.submit(
                () -> {
                  try {
                    action.run(t);
                  } catch (Exception e) {
                    throw new StoreException("table " + t + ": " + e.getMessage(), e);
                  }
                  return null;
                }));
      }
      for (Future<?> f : done) {
        f.get();
      }
    } catch (ExecutionException e) {
      throw e.getCause() instanceof StoreException se
          ? se
          : new StoreException("managing the store's tables: " + e.getCause(), e.getCause());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new StoreException("interrupted managing the store's tables");
    }
  }

  /** Deletes every table of the store (the meta table first: the store is gone at once). */
  void drop(AccumuloClient client) {
    eachAtOnce(
        List.of(meta),
        t -> {
          if (client.tableOperations().exists(t)) {
            client.tableOperations().delete(t);
          }
        });
    eachAtOnce(
        versioned(),
        t -> {
          if (client.tableOperations().exists(t)) {
            client.tableOperations().delete(t);
          }
        });
  }
}
