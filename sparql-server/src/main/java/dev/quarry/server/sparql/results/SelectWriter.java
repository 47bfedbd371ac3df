package dev.quarry.server.sparql.results;

import java.io.OutputStream;
import java.util.List;
import org.apache.jena.graph.Node;
import org.apache.jena.riot.Lang;
import org.apache.jena.riot.resultset.ResultSetLang;
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

  /** Blank node labels of this result. */
  protected final BlankLabels blanks = new BlankLabels();

  protected SelectWriter(OutputStream out) {
    this.out = new Utf8Sink(out);
  }

  /** The writer for a result-set language, or null when Quarry has none of its own. */
  public static SelectWriter of(Lang lang, OutputStream out) {
    if (lang.equals(ResultSetLang.RS_JSON)) {
      return new JsonResults(out);
    }
    if (lang.equals(ResultSetLang.RS_XML)) {
      return new XmlResults(out);
    }
    if (lang.equals(ResultSetLang.RS_CSV) || lang.equals(ResultSetLang.RS_TSV)) {
      return new CsvResults(out, lang.equals(ResultSetLang.RS_TSV));
    }
    return null;
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

  /** True for a literal whose datatype is written out (not a plain or language-tagged string). */
  protected static boolean hasDatatype(Node n) {
    String dt = n.getLiteralDatatypeURI();
    return dt != null
        && n.getLiteralLanguage().isEmpty()
        && !dt.equals("http://www.w3.org/2001/XMLSchema#string");
  }
}
