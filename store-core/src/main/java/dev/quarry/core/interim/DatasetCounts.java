package dev.quarry.core.interim;

import dev.quarry.core.StoreStats;
import java.util.HashSet;
import java.util.Set;
import org.apache.jena.graph.Node;
import org.apache.jena.sparql.core.DatasetGraph;
import org.apache.jena.sparql.core.Quad;
import org.apache.jena.system.Txn;

/** Counts for the interim backends, by a full scan (they keep no statistics of their own). */
final class DatasetCounts {
  private DatasetCounts() {}

  static StoreStats scan(DatasetGraph dsg, long bytesOnDisk) {
    return Txn.calculateRead(
        dsg,
        () -> {
          long quads = 0;
          Set<Node> graphs = new HashSet<>();
          Set<Node> terms = new HashSet<>();
          for (var it = dsg.find(); it.hasNext(); ) {
            Quad q = it.next();
            quads++;
            if (!q.isDefaultGraph()) {
              graphs.add(q.getGraph());
              terms.add(q.getGraph());
            }
            terms.add(q.getSubject());
            terms.add(q.getPredicate());
            terms.add(q.getObject());
          }
          return new StoreStats(quads, graphs.size(), terms.size(), bytesOnDisk);
        });
  }
}
