package dev.quarry.server.sparql.results;

import java.io.OutputStream;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.jena.graph.Node;
import org.apache.jena.sparql.core.Var;
import org.apache.jena.sparql.engine.binding.Binding;

/**
 * A SPARQL result set written as bytes, a row at a time: {@link #start}, {@link #row} per solution,
 * {@link #end}. One class per format; each writes the same terms as Jena's writer of that format
 * (tested as parsed results), without its per-character Writer and indentation machinery.
 */
public abstract class SelectWriter {
  protected final Utf8Sink out;
  protected List<Var> vars;
  private final Map<String, String> blankLabels = new HashMap<>();

  protected SelectWriter(OutputStream out) {
    this.out = new Utf8Sink(out);
  }

  /** The writer for a result-set media type, or null when Quarry has none of its own. */
  public static SelectWriter of(String mediaType, OutputStream out) {
    return switch (mediaType) {
      case "application/sparql-results+json" -> new JsonResults(out);
      case "application/sparql-results+xml" -> new XmlResults(out);
      case "text/csv" -> new CsvResults(out, false);
      case "text/tab-separated-values" -> new CsvResults(out, true);
      default -> null;
    };
  }

  public final void start(List<Var> vars) {
    this.vars = vars;
    head();
  }

  public final void row(Binding b) {
    solution(b);
    out.maybeFlush();
  }

  public final void end() {
    tail();
    out.finish();
  }

  /** An ASK result, whole. */
  public abstract void ask(boolean answer);

  protected abstract void head();

  protected abstract void solution(Binding b);

  protected abstract void tail();

  /**
   * A blank node's label in this result: short, stable within it, and valid in every format (the
   * store's own labels need not be).
   */
  protected final String blankLabel(Node n) {
    return blankLabels.computeIfAbsent(n.getBlankNodeLabel(), k -> "b" + blankLabels.size());
  }

  /** True for a literal whose datatype is written out (not a plain or language-tagged string). */
  protected static boolean hasDatatype(Node n) {
    String dt = n.getLiteralDatatypeURI();
    return dt != null
        && n.getLiteralLanguage().isEmpty()
        && !dt.equals("http://www.w3.org/2001/XMLSchema#string");
  }
}
