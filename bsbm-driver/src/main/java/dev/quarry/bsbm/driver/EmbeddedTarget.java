package dev.quarry.bsbm.driver;

import dev.quarry.core.Store;
import java.time.Duration;
import java.util.Iterator;
import java.util.concurrent.TimeUnit;
import org.apache.jena.graph.Triple;
import org.apache.jena.query.QueryCancelledException;
import org.apache.jena.sparql.core.DatasetGraph;
import org.apache.jena.sparql.exec.QueryExec;
import org.apache.jena.sparql.exec.RowSet;
import org.apache.jena.sparql.exec.UpdateExec;
import org.apache.jena.system.Txn;

/**
 * Quarry in the driver's process, through the Jena API: no HTTP, no result serialization; each
 * query in its own read transaction, each update in a write transaction. The store stays the
 * caller's to close.
 */
public final class EmbeddedTarget implements Target {
  private final DatasetGraph dsg;
  private final String description;

  public EmbeddedTarget(Store store, String description) {
    this.dsg = store.dataset();
    this.description = description;
  }

  @Override
  public Outcome execute(QueryTemplate.Kind kind, String query, Duration timeout) {
    if (kind == QueryTemplate.Kind.UPDATE) {
      Txn.executeWrite(dsg, () -> UpdateExec.dataset(dsg).update(query).execute());
      return new Outcome(0, false);
    }
    try {
      return Txn.calculateRead(
          dsg,
          () -> {
            var builder = QueryExec.dataset(dsg).query(query);
            if (timeout != null && !timeout.isZero()) {
              builder.timeout(timeout.toMillis(), TimeUnit.MILLISECONDS);
            }
            try (QueryExec qe = builder.build()) {
              long n = 0;
              if (kind == QueryTemplate.Kind.SELECT) {
                RowSet rows = qe.select();
                for (; rows.hasNext(); rows.next()) {
                  n++;
                }
              } else {
                Iterator<Triple> it =
                    kind == QueryTemplate.Kind.DESCRIBE
                        ? qe.describeTriples()
                        : qe.constructTriples();
                for (; it.hasNext(); it.next()) {
                  n++;
                }
              }
              return new Outcome(n, false);
            }
          });
    } catch (QueryCancelledException e) {
      return Outcome.TIMED_OUT;
    }
  }

  @Override
  public String describe() {
    return description;
  }

  @Override
  public void close() {
    // the store is the caller's
  }
}
