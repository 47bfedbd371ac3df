package dev.quarry.server.sparql;

import dev.quarry.core.Store;
import dev.quarry.core.query.memory.QueryMemory;
import dev.quarry.server.http.HttpError;
import io.netty.handler.codec.http.HttpResponseStatus;
import java.io.OutputStream;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.query.ARQ;
import org.apache.jena.query.Query;
import org.apache.jena.query.QueryFactory;
import org.apache.jena.query.QueryParseException;
import org.apache.jena.query.Syntax;
import org.apache.jena.sparql.algebra.Op;
import org.apache.jena.sparql.core.DatasetDescription;
import org.apache.jena.sparql.core.DatasetGraph;
import org.apache.jena.sparql.core.DynamicDatasets;
import org.apache.jena.sparql.exec.QueryExec;
import org.apache.jena.sparql.exec.QueryExecBuilder;
import org.apache.jena.sparql.util.Context;
import org.apache.jena.system.Txn;

/**
 * Answers SPARQL queries over a store: parse, check against the server's policy, choose the result
 * format, then run in a read transaction with the configured timeout and result limit.
 *
 * <p>Split in two steps so that every error a client can fix (syntax, format, policy) is found
 * before the first byte of a response is sent.
 */
public final class QueryService {
  private final Store store;
  private final Duration timeout;
  private final long maxRows;
  private final boolean allowService;
  private final QueryTemplates templates;
  private final MemoryLimits memory;

  /**
   * A query ready to run: its text, parsed, checked, with its format and dataset; {@code timeout}
   * zero: none; {@code algebra} its optimized algebra if its shape's was reused, else null (ARQ
   * makes it; with one, {@code query} may hold only the result form: {@link QueryTemplates});
   * {@code asksTime} whether its text may call NOW() or a function like it; {@code runs} how its
   * shape's queries ran (null: a shape without a template), for the caller to add this one.
   */
  public record Prepared(
      String text,
      Query query,
      ResultFormat format,
      DatasetGraph dataset,
      String inference,
      Duration timeout,
      Op algebra,
      boolean asksTime,
      ShapeRuns runs) {}

  /**
   * @param queryShapes how many query shapes to keep parsed ({@link QueryTemplates}); 0 for none
   */
  public QueryService(
      Store store, Duration timeout, long maxRows, boolean allowService, long queryShapes) {
    this(
        store,
        timeout,
        maxRows,
        allowService,
        queryShapes,
        MemoryLimits.defaults(),
        TextLimits.DEFAULTS);
  }

  /**
   * @param memory the pool the server's queries hold their rows in, and one query's share
   * @param limits how deep and long a query may be ({@link TextLimits})
   */
  public QueryService(
      Store store,
      Duration timeout,
      long maxRows,
      boolean allowService,
      long queryShapes,
      MemoryLimits memory,
      TextLimits limits) {
    this.memory = memory;
    this.store = store;
    this.timeout = timeout;
    this.maxRows = maxRows;
    this.allowService = allowService;
    this.templates = new QueryTemplates(queryShapes, limits, store.dataset().getContext());
    CachedAlgebra.register();
    Deadlines.start(); // here, not by the first query: a thread starts at its maker's nice
  }

  /** The parsed-query cache, for its counters. */
  public QueryTemplates templates() {
    return templates;
  }

  /**
   * Parses and checks a query (errors before the first byte), negotiates its format, and sets its
   * dataset; {@code shape} is {@link QueryShape#of} {@code text} if the caller has it (else null),
   * {@code inference} names the graph whose RDFS rules it infers with (null: none), {@code
   * timeoutMs} the client's time limit (0: none), which may shorten the configured one, never
   * lengthen it.
   *
   * @throws HttpError 400 for a syntax error (with line and column), 403 for a forbidden SERVICE,
   *     406 when no acceptable format exists
   */
  public Prepared prepare(
      QueryShape shape,
      String text,
      List<String> defaultGraphs,
      List<String> namedGraphs,
      String accept,
      String format,
      String inference,
      long timeoutMs) {
    QueryTemplates.Parsed parsed;
    try {
      parsed = templates.parse(text, shape);
    } catch (QueryParseException e) {
      throw syntaxError(e);
    }
    Query query = parsed.query();
    if (!allowService && parsed.usesService()) {
      throw new HttpError(
          HttpResponseStatus.FORBIDDEN,
          "SERVICE is disabled on this server (set remote.allow-service: true to allow it)");
    }
    boolean graph = query.isConstructType() || query.isDescribeType();
    ResultFormat f = ResultFormat.negotiate(accept, format, graph);
    if (inference != null && inference.isBlank()) {
      inference = null;
    }
    Duration limit = timeout;
    if (timeoutMs > 0 && (limit.isZero() || timeoutMs < limit.toMillis())) {
      limit = Duration.ofMillis(timeoutMs);
    }
    Op algebra = parsed.algebra();
    if (algebra != null && !(defaultGraphs.isEmpty() && namedGraphs.isEmpty())) {
      // The shape's algebra, and the query shared with it, are for the store's own dataset; the
      // protocol's graphs rewrite the query, so it gets a parse of its own.
      query = parse(text);
      algebra = null;
    }
    DatasetGraph dataset = datasetFor(query, defaultGraphs, namedGraphs);
    return new Prepared(
        text,
        query,
        f,
        dataset,
        inference,
        limit,
        algebra,
        QueryRun.mayAskForTheTime(text),
        parsed.runs());
  }

  /**
   * Checks that the store answers: a read transaction that reads its first quad (through the buffer
   * pool and the index). Throws what the store throws when it cannot.
   */
  public void checkStoreAnswers() {
    DatasetGraph dsg = store.dataset();
    Txn.calculateRead(dsg, () -> dsg.find().hasNext());
  }

  /**
   * How a running query hears that its client has gone: {@code watch} is given the query's abort
   * and returns what stops watching once the query has ended.
   */
  @FunctionalInterface
  public interface Disconnects {
    AutoCloseable watch(Runnable abort);

    Disconnects NONE = abort -> () -> {};
  }

  /** Runs a prepared query and writes its result to {@code out}. */
  public void execute(Prepared p, OutputStream out) {
    execute(p, out, Disconnects.NONE);
  }

  /**
   * Runs a prepared query and writes its result to {@code out}; a disconnect aborts it, and the
   * executor stops at its next batch.
   */
  public void execute(Prepared p, OutputStream out, Disconnects disconnects) {
    Txn.executeRead(
        store.dataset(),
        () -> {
          try (QueryMemory rows = memory.open();
              QueryExec qe = run(p, rows);
              AutoCloseable watching = disconnects.watch(qe::abort)) {
            ResultWriter.write(qe, p.query(), p.format(), out, maxRows);
          } catch (RuntimeException e) {
            throw e;
          } catch (Exception e) { // only the watch's close declares one
            throw new IllegalStateException(e);
          }
        });
  }

  /** Runs a prepared query to its end and returns its plan with estimated and actual rows. */
  public String explain(Prepared prepared) {
    // explain shows the algebra of the query itself: one made afresh if the shape's was reused
    Prepared p =
        prepared.algebra() == null
            ? prepared
            : new Prepared(
                prepared.text(),
                parse(prepared.text()),
                prepared.format(),
                prepared.dataset(),
                prepared.inference(),
                prepared.timeout(),
                null,
                prepared.asksTime(),
                prepared.runs());
    try (QueryMemory rows = memory.open()) {
      return Txn.calculateRead(
          store.dataset(), () -> store.explain(builder(p).set(Store.QUERY_MEMORY, rows)));
    }
  }

  /** The query's run on its dataset, with the server's settings and {@code rows} in its context. */
  private QueryExec run(Prepared p, QueryMemory rows) {
    Context cxt = QueryRun.contextFor(p.dataset());
    cxt.set(ARQ.httpServiceAllowed, allowService);
    cxt.set(Store.QUERY_MEMORY, rows);
    if (p.inference() != null) {
      cxt.set(Store.INFERENCE, p.inference());
    }
    if (p.algebra() != null) {
      cxt.set(CachedAlgebra.ALGEBRA, p.algebra());
    }
    return new QueryRun(p.query(), p.dataset(), cxt, p.timeout().toMillis(), p.asksTime());
  }

  /** The same run as a Jena execution builder, for {@link Store#explain}. */
  private QueryExecBuilder builder(Prepared p) {
    var b =
        QueryExec.dataset(p.dataset()).query(p.query()).set(ARQ.httpServiceAllowed, allowService);
    if (p.inference() != null) {
      b = b.set(Store.INFERENCE, p.inference());
    }
    if (p.algebra() != null) {
      b = b.set(CachedAlgebra.ALGEBRA, p.algebra());
    }
    if (!p.timeout().isZero()) {
      b = b.timeout(p.timeout().toMillis(), TimeUnit.MILLISECONDS);
    }
    return b;
  }

  /**
   * Jena's parse of {@code text}.
   *
   * @throws HttpError 400 for a syntax error (with line and column) or nesting too deep
   */
  public static Query parse(String text) {
    try {
      return QueryFactory.create(text, Syntax.syntaxARQ);
    } catch (QueryParseException e) {
      throw syntaxError(e);
    } catch (StackOverflowError e) {
      throw TextLimits.overflow("query");
    }
  }

  private static HttpError syntaxError(QueryParseException e) {
    if (e.getCause() instanceof StackOverflowError) { // the parser's way of saying it ran out
      return TextLimits.overflow("query");
    }
    return new HttpError(
        HttpResponseStatus.BAD_REQUEST, "query syntax error: " + SyntaxErrors.brief(e));
  }

  /**
   * The dataset a query runs on: the store itself, or the graphs the protocol parameters (or else
   * the query's FROM and FROM NAMED) name, always taken from the store, never fetched.
   */
  private DatasetGraph datasetFor(
      Query query, List<String> defaultGraphs, List<String> namedGraphs) {
    DatasetGraph dsg = store.dataset();
    if (!defaultGraphs.isEmpty() || !namedGraphs.isEmpty()) {
      // The protocol's dataset replaces the query's FROM and FROM NAMED (SPARQL 1.1 Protocol
      // 2.1.4).
      query.getGraphURIs().clear();
      query.getNamedGraphURIs().clear();
      return DynamicDatasets.dynamicDataset(nodes(defaultGraphs), nodes(namedGraphs), dsg, false);
    }
    if (query.hasDatasetDescription()) {
      DatasetDescription d = query.getDatasetDescription();
      // The description is applied here, once; ARQ must not apply it again to the result.
      query.getGraphURIs().clear();
      query.getNamedGraphURIs().clear();
      return DynamicDatasets.dynamicDataset(d, dsg, false);
    }
    return dsg;
  }

  private static List<Node> nodes(List<String> iris) {
    return iris.stream().map(NodeFactory::createURI).toList();
  }
}
