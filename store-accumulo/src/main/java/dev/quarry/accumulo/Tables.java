package dev.quarry.accumulo;

import dev.quarry.core.storage.StoreException;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.client.AccumuloException;
import org.apache.accumulo.core.client.AccumuloSecurityException;
import org.apache.accumulo.core.client.TableExistsException;
import org.apache.accumulo.core.client.admin.NewTableConfiguration;

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
      throw new dev.quarry.core.config.ConfigException(
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
    List<String> all = new java.util.ArrayList<>(quads.values());
    all.addAll(List.of(terms, ids, counts, stats));
    return all;
  }

  List<String> all() {
    List<String> all = new java.util.ArrayList<>(versioned());
    all.add(meta);
    return all;
  }

  /** True if the store's tables are there (its meta table is made last). */
  boolean exist(AccumuloClient client) {
    return client.tableOperations().exists(meta);
  }

  /** Makes the tables that are missing (several servers may race: the loser finds them made). */
  void create(AccumuloClient client) {
    try {
      for (String t : versioned()) {
        if (!client.tableOperations().exists(t)) {
          try {
            client
                .tableOperations()
                .create(t, new NewTableConfiguration().withoutDefaultIterators());
          } catch (TableExistsException raced) {
            // made by another server meanwhile
          }
        }
      }
      if (!client.tableOperations().exists(meta)) {
        try {
          client.tableOperations().create(meta);
        } catch (TableExistsException raced) {
          // made by another server meanwhile
        }
      }
    } catch (AccumuloException | AccumuloSecurityException e) {
      throw new StoreException("cannot create the store's tables: " + e.getMessage(), e);
    }
  }

  /** Deletes every table of the store. */
  void drop(AccumuloClient client) {
    for (String t : all()) {
      try {
        if (client.tableOperations().exists(t)) {
          client.tableOperations().delete(t);
        }
      } catch (Exception e) {
        throw new StoreException("cannot delete table " + t + ": " + e.getMessage(), e);
      }
    }
  }
}
