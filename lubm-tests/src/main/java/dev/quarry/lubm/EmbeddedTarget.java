package dev.quarry.lubm;

import dev.quarry.core.Store;
import java.util.List;
import org.apache.jena.query.DatasetFactory;
import org.apache.jena.query.QueryExecution;
import org.apache.jena.sparql.core.DatasetGraph;
import org.apache.jena.system.Txn;
import org.apache.jena.update.UpdateAction;

/** The checks through the Jena API on an embedded store: no HTTP. */
public final class EmbeddedTarget implements LubmTarget {
  private final Store store;
  private final DatasetGraph dsg;

  public EmbeddedTarget(Store store) {
    this.store = store;
    this.dsg = store.dataset();
  }

  @Override
  public boolean answers() {
    return Txn.calculateRead(dsg, () -> dsg.isEmpty() || !dsg.isEmpty());
  }

  @Override
  public void loadData() {
    LubmData.load(store);
  }

  @Override
  public List<List<String>> select(String query, List<String> vars, String inference) {
    return Txn.calculateRead(
        dsg,
        () -> {
          try (QueryExecution qe = execution(query, inference)) {
            return LubmTarget.rows(qe.execSelect(), vars);
          }
        });
  }

  /** A query execution, with inference from graph {@code inference} if not null. */
  private QueryExecution execution(String query, String inference) {
    var builder = QueryExecution.dataset(DatasetFactory.wrap(dsg)).query(query);
    if (inference != null) {
      builder.set(Store.INFERENCE, inference);
    }
    return builder.build();
  }

  @Override
  public long count(String query) {
    return count(query, null);
  }

  /** The COUNT a query returns, with inference from graph {@code inference} if not null. */
  public long count(String query, String inference) {
    return Txn.calculateRead(
        dsg,
        () -> {
          try (QueryExecution qe = execution(query, inference)) {
            return qe.execSelect().next().getLiteral("n").getLong();
          }
        });
  }

  @Override
  public void update(String update) {
    Txn.executeWrite(dsg, () -> UpdateAction.parseExecute(update, dsg));
  }
}
