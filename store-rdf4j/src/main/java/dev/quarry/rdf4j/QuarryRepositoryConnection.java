package dev.quarry.rdf4j;

import dev.quarry.core.Store;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPInputStream;
import org.apache.jena.sparql.core.Quad;
import org.eclipse.rdf4j.common.iteration.CloseableIteration;
import org.eclipse.rdf4j.model.Resource;
import org.eclipse.rdf4j.model.Statement;
import org.eclipse.rdf4j.query.BindingSet;
import org.eclipse.rdf4j.query.BooleanQuery;
import org.eclipse.rdf4j.query.GraphQuery;
import org.eclipse.rdf4j.query.GraphQueryResult;
import org.eclipse.rdf4j.query.MalformedQueryException;
import org.eclipse.rdf4j.query.Query;
import org.eclipse.rdf4j.query.QueryEvaluationException;
import org.eclipse.rdf4j.query.QueryLanguage;
import org.eclipse.rdf4j.query.TupleQuery;
import org.eclipse.rdf4j.query.TupleQueryResult;
import org.eclipse.rdf4j.query.TupleQueryResultHandler;
import org.eclipse.rdf4j.query.TupleQueryResultHandlerException;
import org.eclipse.rdf4j.query.algebra.SingletonSet;
import org.eclipse.rdf4j.query.impl.IteratingGraphQueryResult;
import org.eclipse.rdf4j.query.impl.IteratingTupleQueryResult;
import org.eclipse.rdf4j.query.parser.ParsedBooleanQuery;
import org.eclipse.rdf4j.query.parser.ParsedGraphQuery;
import org.eclipse.rdf4j.query.parser.ParsedTupleQuery;
import org.eclipse.rdf4j.repository.RepositoryException;
import org.eclipse.rdf4j.repository.sail.SailBooleanQuery;
import org.eclipse.rdf4j.repository.sail.SailGraphQuery;
import org.eclipse.rdf4j.repository.sail.SailQuery;
import org.eclipse.rdf4j.repository.sail.SailRepositoryConnection;
import org.eclipse.rdf4j.repository.sail.SailTupleQuery;
import org.eclipse.rdf4j.rio.RDFFormat;
import org.eclipse.rdf4j.rio.RDFHandler;
import org.eclipse.rdf4j.rio.RDFHandlerException;
import org.eclipse.rdf4j.rio.RDFParseException;
import org.eclipse.rdf4j.rio.RDFParser;
import org.eclipse.rdf4j.rio.Rio;
import org.eclipse.rdf4j.rio.helpers.AbstractRDFHandler;

/**
 * A connection of a {@link QuarryRepository}. SPARQL queries run with Quarry's executor on the
 * connection's snapshot ({@link QueryRun}), the same plans as over HTTP; a query in a transaction
 * that has changed something not yet committed is evaluated by RDF4J over the snapshot and the
 * changes (Quarry's executor reads committed states). Updates are RDF4J's, on the connection's
 * statements. Outside a transaction, {@code add} of a file or stream goes straight into a bulk load
 * of the store (one commit, all or nothing).
 */
public class QuarryRepositoryConnection extends SailRepositoryConnection {
  private final QuarrySailConnection sailCon;
  private final Store store;

  QuarryRepositoryConnection(QuarryRepository repo, QuarrySailConnection con, Store store) {
    super(repo, con);
    this.sailCon = con;
    this.store = store;
  }

  private static boolean sparql(QueryLanguage ql) {
    return QueryLanguage.SPARQL.equals(ql);
  }

  @Override
  public SailQuery prepareQuery(QueryLanguage ql, String query, String baseURI)
      throws MalformedQueryException {
    if (!sparql(ql)) {
      return super.prepareQuery(ql, query, baseURI);
    }
    QueryRun run = QueryRun.parse(query, baseURI);
    if (run == null) {
      return super.prepareQuery(ql, query, baseURI);
    }
    if (run.query.isSelectType()) {
      return new Tuple(new Prepared(run, ql, query, baseURI));
    }
    if (run.query.isAskType()) {
      return new Ask(new Prepared(run, ql, query, baseURI));
    }
    return new Graph(new Prepared(run, ql, query, baseURI));
  }

  @Override
  public SailTupleQuery prepareTupleQuery(QueryLanguage ql, String query, String baseURI)
      throws MalformedQueryException {
    if (!sparql(ql)) {
      return super.prepareTupleQuery(ql, query, baseURI);
    }
    QueryRun run = QueryRun.parse(query, baseURI);
    if (run == null) {
      return super.prepareTupleQuery(ql, query, baseURI);
    }
    if (!run.query.isSelectType()) {
      throw new MalformedQueryException("not a tuple query (SELECT): " + query);
    }
    return new Tuple(new Prepared(run, ql, query, baseURI));
  }

  @Override
  public SailGraphQuery prepareGraphQuery(QueryLanguage ql, String query, String baseURI)
      throws MalformedQueryException {
    if (!sparql(ql)) {
      return super.prepareGraphQuery(ql, query, baseURI);
    }
    QueryRun run = QueryRun.parse(query, baseURI);
    if (run == null) {
      return super.prepareGraphQuery(ql, query, baseURI);
    }
    if (!run.query.isConstructType() && !run.query.isDescribeType()) {
      throw new MalformedQueryException("not a graph query (CONSTRUCT, DESCRIBE): " + query);
    }
    return new Graph(new Prepared(run, ql, query, baseURI));
  }

  @Override
  public SailBooleanQuery prepareBooleanQuery(QueryLanguage ql, String query, String baseURI)
      throws MalformedQueryException {
    if (!sparql(ql)) {
      return super.prepareBooleanQuery(ql, query, baseURI);
    }
    QueryRun run = QueryRun.parse(query, baseURI);
    if (run == null) {
      return super.prepareBooleanQuery(ql, query, baseURI);
    }
    if (!run.query.isAskType()) {
      throw new MalformedQueryException("not a boolean query (ASK): " + query);
    }
    return new Ask(new Prepared(run, ql, query, baseURI));
  }

  /** RDF4J's own evaluation of the same query, with this one's settings. */
  private <Q extends Query> Q fallback(Q q, Query settings) {
    settings.getBindings().forEach(b -> q.setBinding(b.getName(), b.getValue()));
    q.setDataset(settings.getDataset());
    q.setIncludeInferred(settings.getIncludeInferred());
    q.setMaxExecutionTime(settings.getMaxExecutionTime());
    return q;
  }

  private QueryRun.Execution execution(QueryRun run, Query q) {
    return new QueryRun.Execution(
        run, sailCon, q.getBindings(), q.getDataset(), q.getMaxExecutionTime());
  }

  /** A query as prepared: Jena's parse, and what RDF4J's own evaluation needs to parse it again. */
  private record Prepared(QueryRun run, QueryLanguage ql, String text, String base) {}

  private final class Tuple extends SailTupleQuery {
    private final Prepared p;

    Tuple(Prepared p) {
      super(new ParsedTupleQuery(p.text(), new SingletonSet()), QuarryRepositoryConnection.this);
      this.p = p;
    }

    @Override
    public TupleQueryResult evaluate() throws QueryEvaluationException {
      if (sailCon.hasPendingChanges()) {
        TupleQuery q =
            QuarryRepositoryConnection.super.prepareTupleQuery(p.ql(), p.text(), p.base());
        return fallback(q, this).evaluate();
      }
      List<String> names = new ArrayList<>(p.run().query.getResultVars());
      QueryRun.Execution ex = execution(p.run(), this);
      CloseableIteration<BindingSet> rows = QueryRun.rows(ex, names);
      return new IteratingTupleQueryResult(names, rows);
    }

    @Override
    public void evaluate(TupleQueryResultHandler handler)
        throws QueryEvaluationException, TupleQueryResultHandlerException {
      try (TupleQueryResult r = evaluate()) {
        handler.startQueryResult(r.getBindingNames());
        while (r.hasNext()) {
          handler.handleSolution(r.next());
        }
        handler.endQueryResult();
      }
    }
  }

  private final class Graph extends SailGraphQuery {
    private final Prepared p;

    Graph(Prepared p) {
      super(new ParsedGraphQuery(p.text(), new SingletonSet()), QuarryRepositoryConnection.this);
      this.p = p;
    }

    @Override
    public GraphQueryResult evaluate() throws QueryEvaluationException {
      if (sailCon.hasPendingChanges()) {
        GraphQuery q =
            QuarryRepositoryConnection.super.prepareGraphQuery(p.ql(), p.text(), p.base());
        return fallback(q, this).evaluate();
      }
      QueryRun.Execution ex = execution(p.run(), this);
      CloseableIteration<Statement> it = QueryRun.triples(ex);
      return new IteratingGraphQueryResult(
          Map.copyOf(p.run().query.getPrefixMapping().getNsPrefixMap()), it);
    }

    @Override
    public void evaluate(RDFHandler handler) throws QueryEvaluationException, RDFHandlerException {
      try (GraphQueryResult r = evaluate()) {
        handler.startRDF();
        r.getNamespaces().forEach(handler::handleNamespace);
        while (r.hasNext()) {
          handler.handleStatement(r.next());
        }
        handler.endRDF();
      }
    }
  }

  private final class Ask extends SailBooleanQuery {
    private final Prepared p;

    Ask(Prepared p) {
      super(new ParsedBooleanQuery(p.text(), new SingletonSet()), QuarryRepositoryConnection.this);
      this.p = p;
    }

    @Override
    public boolean evaluate() throws QueryEvaluationException {
      if (sailCon.hasPendingChanges()) {
        BooleanQuery q =
            QuarryRepositoryConnection.super.prepareBooleanQuery(p.ql(), p.text(), p.base());
        return fallback(q, this).evaluate();
      }
      return QueryRun.ask(execution(p.run(), this));
    }
  }

  // ---- loading --------------------------------------------------------------------------------

  /**
   * Outside a transaction: parses into one bulk load of the store (sorted index builds, one commit;
   * a parse error leaves the store as it was). In a transaction: RDF4J's way, statement by
   * statement into the transaction (whose commit takes the bulk path when large).
   */
  @Override
  public void add(InputStream in, String baseURI, RDFFormat format, Resource... contexts)
      throws IOException, RDFParseException, RepositoryException {
    if (!in.markSupported()) {
      in = new BufferedInputStream(in);
    }
    in.mark(4);
    int b0 = in.read();
    int b1 = in.read();
    in.reset();
    if (b0 == 0x1f && b1 == 0x8b) {
      in = new GZIPInputStream(in);
    } else if (b0 == 'P' && b1 == 'K' || isActive()) {
      super.add(in, baseURI, format, contexts); // a zip of files, or into the open transaction
      return;
    }
    RDFParser parser = Rio.createParser(format, getValueFactory());
    parser.setParserConfig(getParserConfig());
    try (Store.BulkLoad bulk = store.bulkLoad()) {
      List<Quad> batch = new ArrayList<>(8192);
      parser.setRDFHandler(
          new AbstractRDFHandler() {
            @Override
            public void handleStatement(Statement st) {
              if (contexts.length == 0) {
                batch.add(QuarrySailConnection.quad(st));
              } else {
                for (Resource c : contexts) {
                  batch.add(QuarrySailConnection.quad(st, c));
                }
              }
              if (batch.size() >= 8192) {
                bulk.addAll(batch);
                batch.clear();
              }
            }
          });
      parser.parse(in, baseURI == null ? "" : baseURI);
      bulk.addAll(batch);
      bulk.commit();
    } catch (RuntimeException e) {
      if (e instanceof RDFParseException || e instanceof RepositoryException) {
        throw e;
      }
      throw new RepositoryException("the load failed; nothing of it is in the store: " + e, e);
    }
  }
}
