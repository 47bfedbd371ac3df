package dev.quarry.bsbm.driver;

import dev.quarry.core.Store;
import dev.quarry.rdf4j.QuarryRepository;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.eclipse.rdf4j.query.GraphQuery;
import org.eclipse.rdf4j.query.GraphQueryResult;
import org.eclipse.rdf4j.query.QueryInterruptedException;
import org.eclipse.rdf4j.query.TupleQuery;
import org.eclipse.rdf4j.query.TupleQueryResult;
import org.eclipse.rdf4j.repository.RepositoryConnection;

/**
 * Quarry in the driver's process through the RDF4J API: a {@link QuarryRepository} over the store,
 * a connection per client thread, kept (as an RDF4J application keeps one per worker), results read
 * to the end as RDF4J binding sets and statements; updates through RDF4J's connection. The store
 * stays the caller's to close.
 */
public final class Rdf4jTarget implements Target {
  private final QuarryRepository repo;
  private final String description;
  private final List<RepositoryConnection> opened = Collections.synchronizedList(new ArrayList<>());
  private final ThreadLocal<RepositoryConnection> connection;

  public Rdf4jTarget(Store store, String description) {
    this.repo = new QuarryRepository(store);
    this.repo.init();
    this.description = description;
    this.connection =
        ThreadLocal.withInitial(
            () -> {
              RepositoryConnection c = repo.getConnection();
              opened.add(c);
              return c;
            });
  }

  @Override
  public Outcome execute(QueryTemplate.Kind kind, String query, Duration timeout) {
    RepositoryConnection con = connection.get();
    try {
      int seconds =
          timeout == null || timeout.isZero() ? 0 : (int) Math.max(1, timeout.toSeconds());
      if (kind == QueryTemplate.Kind.UPDATE) {
        con.prepareUpdate(query).execute();
        return new Outcome(0, false);
      }
      long n = 0;
      if (kind == QueryTemplate.Kind.SELECT) {
        TupleQuery q = con.prepareTupleQuery(query);
        q.setMaxExecutionTime(seconds);
        try (TupleQueryResult r = q.evaluate()) {
          for (; r.hasNext(); r.next()) {
            n++;
          }
        }
      } else {
        GraphQuery q = con.prepareGraphQuery(query);
        q.setMaxExecutionTime(seconds);
        try (GraphQueryResult r = q.evaluate()) {
          for (; r.hasNext(); r.next()) {
            n++;
          }
        }
      }
      return new Outcome(n, false);
    } catch (QueryInterruptedException e) {
      return Outcome.TIMED_OUT;
    }
  }

  @Override
  public String describe() {
    return description;
  }

  @Override
  public void close() {
    synchronized (opened) {
      opened.forEach(RepositoryConnection::close);
    }
    repo.shutDown();
  }
}
