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
  /**
   * A column's term of at least this many bytes is kept as written, and copied when the next row
   * repeats it: a product's comment in each of its features' rows (BSBM Q2) is escaped once.
   */
  private static final int KEPT_BYTES = 24;

  protected final Utf8Sink out;
  protected List<Var> vars;
  private Node[] keptTerms; // by column: the last term kept, or null
  private byte[][] keptBytes; // ... and its bytes

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
    keptTerms = new Node[vars.size()];
    keptBytes = new byte[vars.size()][];
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

  /** One term as the format writes it. */
  protected abstract void term(Node n);

  /** {@link #term} of column {@code column}, copied if it repeats the column's last long term. */
  protected final void cell(int column, Node n) {
    Node kept = keptTerms[column];
    if (kept != null && (n == kept || n.equals(kept))) {
      out.bytes(keptBytes[column]);
      return;
    }
    long at = out.position();
    term(n);
    byte[] written = out.position() - at >= KEPT_BYTES ? out.since(at) : null;
    keptTerms[column] = written == null ? null : n;
    keptBytes[column] = written;
  }

  /** True for a literal whose datatype is written out (not a plain or language-tagged string). */
  protected static boolean hasDatatype(Node n) {
    String dt = n.getLiteralDatatypeURI();
    return dt != null
        && n.getLiteralLanguage().isEmpty()
        && !dt.equals("http://www.w3.org/2001/XMLSchema#string");
  }
}
