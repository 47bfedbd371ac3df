package dev.quarry.server.sparql;

import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.jena.atlas.json.JsonArray;
import org.apache.jena.atlas.json.JsonObject;
import org.apache.jena.graph.Graph;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.Triple;
import org.apache.jena.query.ARQ;
import org.apache.jena.query.DatasetFactory;
import org.apache.jena.query.Query;
import org.apache.jena.query.QueryCancelledException;
import org.apache.jena.query.QueryExecException;
import org.apache.jena.rdf.model.Model;
import org.apache.jena.rdf.model.ModelFactory;
import org.apache.jena.rdf.model.Resource;
import org.apache.jena.sparql.ARQConstants;
import org.apache.jena.sparql.core.DatasetGraph;
import org.apache.jena.sparql.core.Quad;
import org.apache.jena.sparql.core.Var;
import org.apache.jena.sparql.core.describe.DescribeHandler;
import org.apache.jena.sparql.core.describe.DescribeHandlerRegistry;
import org.apache.jena.sparql.engine.Plan;
import org.apache.jena.sparql.engine.QueryEngineFactory;
import org.apache.jena.sparql.engine.QueryEngineRegistry;
import org.apache.jena.sparql.engine.QueryIterator;
import org.apache.jena.sparql.engine.binding.BindingFactory;
import org.apache.jena.sparql.exec.JsonResults;
import org.apache.jena.sparql.exec.QueryExec;
import org.apache.jena.sparql.exec.RowSet;
import org.apache.jena.sparql.exec.RowSetStream;
import org.apache.jena.sparql.modify.TemplateLib;
import org.apache.jena.sparql.syntax.ElementGroup;
import org.apache.jena.sparql.util.Context;
import org.apache.jena.sparql.util.ModelUtils;
import org.apache.jena.sparql.util.NodeFactoryExtra;

/**
 * One run of a parsed query on a dataset, its plan taken straight from ARQ's engine registry.
 * Jena's {@code QueryExecDataset} does the same with more set-up per query than a server's query
 * needs: it formats the current time for {@code NOW()} every time (a sixth of a new server's {@code
 * ASK {}}), merges contexts through a builder, and schedules a task for the time limit. Here the
 * time is set only for a query that may call for it, and the limit is a {@link Deadlines} watch
 * that cancels the query as Jena's overall timeout does. Answers are Jena's: the same engine, plan,
 * CONSTRUCT template and DESCRIBE handlers.
 */
final class QueryRun implements QueryExec {
  private final Query query;
  private final DatasetGraph dataset;
  private final Context context;
  private final AtomicBoolean cancel;
  private final long timeoutMillis;
  private volatile QueryIterator rows;
  private Plan plan;
  private Deadlines.Watch deadline;
  private boolean closed;

  /**
   * @param context this run's own context (not shared), with the server's settings in it
   * @param timeoutMillis the time the run may take from its start, 0 for no limit
   * @param asksTime whether the query may read its time ({@link #mayAskForTheTime})
   */
  QueryRun(
      Query query, DatasetGraph dataset, Context context, long timeoutMillis, boolean asksTime) {
    this.query = query;
    this.dataset = dataset;
    this.context = context;
    this.timeoutMillis = timeoutMillis;
    this.cancel = Context.getOrSetCancelSignal(context);
    if (asksTime) {
      context.set(ARQConstants.sysCurrentTime, NodeFactoryExtra.nowAsDateTime());
    }
    context.set(ARQConstants.sysCurrentQuery, query);
    context.set(ARQConstants.sysCurrentDataset, DatasetFactory.wrap(dataset));
  }

  /** A context for one run on {@code dataset}: ARQ's settings and the dataset's, copied. */
  static Context contextFor(DatasetGraph dataset) {
    return Context.setupContextForDataset(ARQ.getContext(), dataset);
  }

  /**
   * Whether a query's text may call a function that reads the query's time: {@code NOW()}, ARQ's
   * {@code now} and {@code nowtz}, whose names all contain "now" in some case. Cheap and
   * conservative: any "now" in the text says yes.
   */
  static boolean mayAskForTheTime(String text) {
    for (int i = 2; i < text.length(); i++) {
      // c | 0x20 lower-cases a letter (and makes nothing else one of these three)
      if ((text.charAt(i) | 0x20) == 'w'
          && (text.charAt(i - 1) | 0x20) == 'o'
          && (text.charAt(i - 2) | 0x20) == 'n') {
        return true;
      }
    }
    return false;
  }

  private QueryIterator start() {
    if (closed) {
      throw new QueryExecException("this query run has been closed");
    }
    if (cancel.get()) {
      throw new QueryCancelledException();
    }
    if (timeoutMillis > 0) {
      deadline = Deadlines.watch(timeoutMillis, cancel);
    }
    QueryEngineFactory engine = QueryEngineRegistry.findFactory(query, dataset, context);
    plan = engine.create(query, dataset, BindingFactory.root(), context);
    QueryIterator it = plan.iterator();
    rows = it;
    if (cancel.get()) { // aborted while starting: abort() may have missed the iterator
      it.cancel();
      throw new QueryCancelledException();
    }
    return it;
  }

  @Override
  public RowSet select() {
    require(query.isSelectType(), "SELECT");
    QueryIterator it = start();
    List<Var> vars = query.getProjectVars();
    return RowSetStream.create(vars, it);
  }

  @Override
  public boolean ask() {
    require(query.isAskType(), "ASK");
    try {
      QueryIterator it = start();
      it.next();
      return true;
    } catch (NoSuchElementException e) {
      return false;
    } finally {
      close();
    }
  }

  @Override
  public Iterator<Triple> constructTriples() {
    require(query.isConstructType(), "CONSTRUCT");
    return TemplateLib.calcTriples(query.getConstructTemplate().getTriples(), start());
  }

  @Override
  public Iterator<Quad> constructQuads() {
    require(query.isConstructType(), "CONSTRUCT");
    return TemplateLib.calcQuads(query.getConstructTemplate().getQuads(), start());
  }

  @Override
  public Graph construct(Graph graph) {
    try {
      constructTriples().forEachRemaining(graph::add);
      graph.getPrefixMapping().setNsPrefixes(query.getPrefixMapping());
      return graph;
    } finally {
      close();
    }
  }

  @Override
  public DatasetGraph constructDataset(DatasetGraph into) {
    try {
      constructQuads().forEachRemaining(into::add);
      return into;
    } finally {
      close();
    }
  }

  /**
   * The resources the rows and the DESCRIBE clause name, described by Jena's registered handlers.
   */
  @Override
  public Graph describe(Graph graph) {
    require(query.isDescribeType(), "DESCRIBE");
    try {
      if (query.getQueryPattern() == null) {
        query.setQueryPattern(new ElementGroup()); // one row, no columns
      }
      Set<Node> described = new HashSet<>();
      QueryIterator it = start();
      List<Var> vars = query.getProjectVars();
      while (it.hasNext()) {
        var row = it.next();
        for (Var v : vars) {
          Node n = row.get(v);
          if (n != null) {
            described.add(n);
          }
        }
      }
      if (query.getResultURIs() != null) {
        described.addAll(query.getResultURIs());
      }
      graph.getPrefixMapping().setNsPrefixes(query.getPrefixMapping());
      Model model = ModelFactory.createModelForGraph(graph);
      List<DescribeHandler> handlers = DescribeHandlerRegistry.get().newHandlerList();
      context.put(ARQConstants.sysCurrentDataset, dataset);
      for (DescribeHandler h : handlers) {
        h.start(model, context);
      }
      for (Node n : described) {
        if (ModelUtils.convertGraphNodeToRDFNode(n, model) instanceof Resource r) {
          for (DescribeHandler h : handlers) {
            h.describe(r);
          }
        }
      }
      for (DescribeHandler h : handlers) {
        h.finish();
      }
      return graph;
    } finally {
      close();
    }
  }

  @Override
  public Iterator<Triple> describeTriples() {
    return describe().find();
  }

  @Override
  public JsonArray execJson() {
    require(query.isJsonType(), "JSON");
    return JsonResults.results(start(), query.getJsonMapping());
  }

  @Override
  public Iterator<JsonObject> execJsonItems() {
    require(query.isJsonType(), "JSON");
    return JsonResults.iterator(start(), query.getJsonMapping());
  }

  private void require(boolean form, String name) {
    if (!form) {
      throw new QueryExecException("not a " + name + " query: " + query.queryType());
    }
  }

  @Override
  public void abort() {
    cancel.set(true);
    QueryIterator it = rows;
    if (it != null) {
      it.cancel();
    }
  }

  @Override
  public void close() {
    if (closed) {
      return;
    }
    closed = true;
    if (deadline != null) {
      deadline.close();
    }
    if (rows != null) {
      rows.close();
    }
    if (plan != null) {
      plan.close();
    }
  }

  @Override
  public boolean isClosed() {
    return closed;
  }

  @Override
  public DatasetGraph getDataset() {
    return dataset;
  }

  @Override
  public Context getContext() {
    return context;
  }

  @Override
  public Query getQuery() {
    return query;
  }

  @Override
  public String getQueryString() {
    return query.toString();
  }
}
