package dev.quarry.server.sparql;

import dev.quarry.server.sparql.results.SelectWriter;
import dev.quarry.server.sparql.results.TripleWriter;
import java.io.OutputStream;
import java.util.Iterator;
import java.util.List;
import org.apache.jena.graph.Graph;
import org.apache.jena.graph.Triple;
import org.apache.jena.query.Query;
import org.apache.jena.riot.RDFDataMgr;
import org.apache.jena.sparql.core.Var;
import org.apache.jena.sparql.engine.binding.Binding;
import org.apache.jena.sparql.exec.QueryExec;
import org.apache.jena.sparql.exec.RowSet;
import org.apache.jena.sparql.graph.GraphFactory;
import org.apache.jena.sparql.resultset.ResultsWriter;

/**
 * Runs a query execution and writes its result in a chosen format, streaming where the format
 * allows (all result-set formats, Turtle, N-Triples and RDF/XML) and enforcing the result-size
 * limit.
 */
public final class ResultWriter {
  private ResultWriter() {}

  public static void write(
      QueryExec qe, Query query, ResultFormat format, OutputStream out, long maxRows) {
    switch (query.queryType()) {
      case SELECT -> writeRows(limited(qe.select(), maxRows), format, out);
      case ASK -> {
        boolean answer = qe.ask();
        SelectWriter w = SelectWriter.of(format.lang(), out);
        if (w != null) {
          w.ask(answer);
        } else {
          ResultsWriter.create().lang(format.lang()).build().write(out, answer);
        }
      }
      case CONSTRUCT -> writeTriples(qe.constructTriples(), query, format, out, maxRows);
      case DESCRIBE -> writeTriples(qe.describeTriples(), query, format, out, maxRows);
      default ->
          throw new IllegalArgumentException(
              "not a query that returns results: " + query.queryType());
    }
  }

  /** Rows in Quarry's own writer for the format, or Jena's (the text table) where it has none. */
  private static void writeRows(RowSet rows, ResultFormat format, OutputStream out) {
    SelectWriter w = SelectWriter.of(format.lang(), out);
    if (w == null) {
      ResultsWriter.create().lang(format.lang()).build().write(out, rows);
      return;
    }
    w.start(rows.getResultVars());
    while (rows.hasNext()) {
      w.row(rows.next());
    }
    w.end();
  }

  private static void writeTriples(
      Iterator<Triple> triples, Query query, ResultFormat format, OutputStream out, long maxRows) {
    long n = 0;
    TripleWriter w = TripleWriter.of(format.lang(), out, query.getPrefixMapping().getNsPrefixMap());
    if (w != null) {
      while (triples.hasNext()) {
        if (++n > maxRows) {
          throw new ResultLimitException(maxRows);
        }
        w.triple(triples.next());
      }
      w.finish();
      return;
    }
    // JSON-LD is written from a whole graph.
    Graph g = GraphFactory.createDefaultGraph();
    g.getPrefixMapping().setNsPrefixes(query.getPrefixMapping());
    while (triples.hasNext()) {
      if (++n > maxRows) {
        throw new ResultLimitException(maxRows);
      }
      g.add(triples.next());
    }
    RDFDataMgr.write(out, g, format.lang());
  }

  /** The rows of {@code rows}, failing once there are more than {@code max}. */
  private static RowSet limited(RowSet rows, long max) {
    return new RowSet() {
      @Override
      public boolean hasNext() {
        return rows.hasNext();
      }

      @Override
      public Binding next() {
        if (rows.getRowNumber() >= max) {
          throw new ResultLimitException(max);
        }
        return rows.next();
      }

      @Override
      public List<Var> getResultVars() {
        return rows.getResultVars();
      }

      @Override
      public long getRowNumber() {
        return rows.getRowNumber();
      }

      @Override
      public void close() {
        rows.close();
      }
    };
  }
}
