package dev.quarry.rdf4j;

import dev.quarry.core.index.spi.QuadView;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.Triple;
import org.apache.jena.query.Query;
import org.apache.jena.query.QueryCancelledException;
import org.apache.jena.query.QueryFactory;
import org.apache.jena.query.QueryParseException;
import org.apache.jena.query.Syntax;
import org.apache.jena.sparql.core.Quad;
import org.apache.jena.sparql.core.Var;
import org.apache.jena.sparql.engine.binding.Binding;
import org.apache.jena.sparql.engine.binding.BindingBuilder;
import org.apache.jena.sparql.exec.QueryExec;
import org.apache.jena.sparql.exec.QueryExecBuilder;
import org.apache.jena.sparql.exec.RowSet;
import org.eclipse.rdf4j.common.iteration.AbstractCloseableIteration;
import org.eclipse.rdf4j.common.iteration.CloseableIteration;
import org.eclipse.rdf4j.model.IRI;
import org.eclipse.rdf4j.model.Resource;
import org.eclipse.rdf4j.model.Statement;
import org.eclipse.rdf4j.model.Value;
import org.eclipse.rdf4j.model.vocabulary.RDF4J;
import org.eclipse.rdf4j.model.vocabulary.SESAME;
import org.eclipse.rdf4j.query.BindingSet;
import org.eclipse.rdf4j.query.Dataset;
import org.eclipse.rdf4j.query.MalformedQueryException;
import org.eclipse.rdf4j.query.QueryEvaluationException;
import org.eclipse.rdf4j.query.QueryInterruptedException;
import org.eclipse.rdf4j.query.QueryLanguage;
import org.eclipse.rdf4j.query.impl.ListBindingSet;
import org.eclipse.rdf4j.query.parser.QueryParserUtil;

/**
 * One SPARQL query of the RDF4J API run by Quarry's executor: parsed by Jena (a syntax error is a
 * {@link MalformedQueryException} at prepare, as RDF4J has it), executed on a Jena dataset pinned
 * to the connection's snapshot ({@code Store.datasetOn}), with RDF4J's bindings as a substitution,
 * its dataset as the query's FROM and FROM NAMED, and its time limit; rows become RDF4J binding
 * sets as they are read. Closing the result ends the execution and lets go of the snapshot.
 */
final class QueryRun {
  final Query query;

  private QueryRun(Query query) {
    this.query = query;
  }

  /**
   * RDF4J's parser knows a few prefixes without a declaration (rdf, rdfs, xsd, owl, fn, ...);
   * Jena's resolves prefixed names against the query's prologue, so they are put there before
   * parsing (a declaration in the query replaces them).
   */
  private static final Map<String, String> KNOWN_PREFIXES =
      Map.of(
          "rdf", "http://www.w3.org/1999/02/22-rdf-syntax-ns#",
          "rdfs", "http://www.w3.org/2000/01/rdf-schema#",
          "xsd", "http://www.w3.org/2001/XMLSchema#",
          "owl", "http://www.w3.org/2002/07/owl#",
          "fn", "http://www.w3.org/2005/xpath-functions#",
          "sesame", "http://www.openrdf.org/schema/sesame#",
          "rdf4j", "http://rdf4j.org/schema/rdf4j#");

  /**
   * The query parsed by Jena, or null if Jena cannot parse it but RDF4J can (then RDF4J evaluates
   * it); a {@link MalformedQueryException} if neither can.
   */
  static QueryRun parse(String text, String baseUri) {
    Query q = new Query();
    q.getPrefixMapping().setNsPrefixes(KNOWN_PREFIXES);
    try {
      return new QueryRun(QueryFactory.parse(q, text, baseUri, Syntax.syntaxSPARQL_12));
    } catch (QueryParseException e) {
      // RDF4J's parser is the judge: its syntax error, or its evaluation if it accepts the query.
      QueryParserUtil.parseQuery(QueryLanguage.SPARQL, text, baseUri);
      return null;
    }
  }

  /** The execution on the snapshot; the snapshot is released when the execution closes. */
  static final class Execution implements AutoCloseable {
    final QueryExec exec;
    final Values values;
    final boolean describe;
    private Snapshot snapshot;

    Execution(
        QueryRun run,
        QuarrySailConnection con,
        BindingSet bindings,
        Dataset dataset,
        int maxSeconds) {
      this.values = con.values();
      this.describe = run.query.isDescribeType();
      this.snapshot = con.readSnapshot();
      try {
        Query q = withDataset(run.query, dataset);
        QueryExecBuilder b =
            QueryExec.dataset(con.store().datasetOn(snapshot.view, unionDefault(snapshot.view)))
                .query(q);
        if (bindings != null && bindings.size() > 0) {
          b.substitution(binding(bindings));
        }
        if (maxSeconds > 0) {
          b.timeout(maxSeconds, TimeUnit.SECONDS);
        }
        exec = b.build();
      } catch (RuntimeException e) {
        close();
        throw e;
      }
    }

    /**
     * RDF4J's default graph, without a dataset, is every graph's statements: the union, unless the
     * store has no named graph (then the store's default graph is the same, and its plans are
     * Quarry's executor's: the union is ARQ's).
     */
    private static boolean unionDefault(QuadView v) {
      long dflt = v.defaultGraph();
      for (long g : v.graphs()) {
        if (g != dflt) {
          return true;
        }
      }
      return false;
    }

    Value value(Node n) {
      return n == null ? null : values.value(n, 0);
    }

    Statement statement(Triple t) {
      return Values.statement(
          (Resource) value(t.getSubject()),
          (IRI) value(t.getPredicate()),
          value(t.getObject()),
          null);
    }

    @Override
    public void close() {
      if (exec != null) {
        exec.close();
      }
      if (snapshot != null) {
        snapshot.release();
        snapshot = null;
      }
    }
  }

  private static Query withDataset(Query q, Dataset dataset) {
    if (dataset == null
        || (dataset.getDefaultGraphs().isEmpty() && dataset.getNamedGraphs().isEmpty())) {
      return q;
    }
    Query c = q.cloneQuery();
    c.getGraphURIs().clear();
    c.getNamedGraphURIs().clear();
    for (IRI g : dataset.getDefaultGraphs()) {
      c.addGraphURI(graphUri(g));
    }
    for (IRI g : dataset.getNamedGraphs()) {
      c.addNamedGraphURI(graphUri(g));
    }
    return c;
  }

  /** RDF4J names the default graph rdf4j:nil (or sesame:nil) in a dataset; Jena, its own IRI. */
  private static String graphUri(IRI g) {
    return g.equals(RDF4J.NIL) || g.equals(SESAME.NIL)
        ? Quad.defaultGraphIRI.getURI()
        : g.stringValue();
  }

  private static Binding binding(BindingSet bindings) {
    BindingBuilder b = Binding.builder();
    for (org.eclipse.rdf4j.query.Binding x : bindings) {
      b.add(Var.alloc(x.getName()), Values.node(x.getValue()));
    }
    return b.build();
  }

  /** Rows of a SELECT as RDF4J binding sets, read as asked for. */
  static CloseableIteration<BindingSet> rows(Execution ex, List<String> names) {
    RowSet rs;
    try {
      rs = ex.exec.select();
    } catch (RuntimeException e) {
      ex.close();
      throw translate(e);
    }
    List<Var> vars = new ArrayList<>(names.size());
    names.forEach(n -> vars.add(Var.alloc(n)));
    return new Mapped<>(
        rs,
        ex,
        row -> {
          Value[] vals = new Value[vars.size()];
          for (int i = 0; i < vals.length; i++) {
            vals[i] = ex.value(row.get(vars.get(i)));
          }
          return new ListBindingSet(names, vals);
        });
  }

  /** Triples of a CONSTRUCT or DESCRIBE as statements. */
  static CloseableIteration<Statement> triples(Execution ex) {
    Iterator<Triple> it;
    try {
      it = ex.describe ? ex.exec.describeTriples() : ex.exec.constructTriples();
    } catch (RuntimeException e) {
      ex.close();
      throw translate(e);
    }
    return new Mapped<>(it, ex, ex::statement);
  }

  static boolean ask(Execution ex) {
    try (ex) {
      return ex.exec.ask();
    } catch (RuntimeException e) {
      throw translate(e);
    }
  }

  static RuntimeException translate(RuntimeException e) {
    if (e instanceof QueryCancelledException) {
      return new QueryInterruptedException("the query ran past its time limit", e);
    }
    if (e instanceof QueryEvaluationException q) {
      return q;
    }
    return new QueryEvaluationException(e.getMessage(), e);
  }

  /** Jena's results mapped one by one; closing (or exhausting) closes the execution. */
  private static final class Mapped<A, B> extends AbstractCloseableIteration<B> {
    private final Iterator<A> in;
    private final Execution ex;
    private final Function<A, B> f;

    Mapped(Iterator<A> in, Execution ex, Function<A, B> f) {
      this.in = in;
      this.ex = ex;
      this.f = f;
    }

    @Override
    public boolean hasNext() {
      if (isClosed()) {
        return false;
      }
      try {
        if (in.hasNext()) {
          return true;
        }
      } catch (RuntimeException e) {
        close();
        throw translate(e);
      }
      close();
      return false;
    }

    @Override
    public B next() {
      if (!hasNext()) {
        throw new NoSuchElementException();
      }
      try {
        return f.apply(in.next());
      } catch (RuntimeException e) {
        close();
        throw translate(e);
      }
    }

    @Override
    protected void handleClose() {
      ex.close();
    }
  }
}
