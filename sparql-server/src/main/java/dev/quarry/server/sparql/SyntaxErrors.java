package dev.quarry.server.sparql;

import org.apache.jena.query.QueryParseException;

/** Parser messages cut to what a person needs: what was found, and where. */
final class SyntaxErrors {
  private SyntaxErrors() {}

  /**
   * The parser's message without JavaCC's list of every token it would have accepted, which runs to
   * dozens of lines; the line and column stay.
   */
  static String brief(QueryParseException e) {
    String m = String.valueOf(e.getMessage());
    int cut = m.indexOf("Was expecting");
    if (cut >= 0) {
      m = m.substring(0, cut);
    }
    m = m.replaceAll("\\s+", " ").trim();
    if (e.getLine() > 0 && !m.contains("line " + e.getLine())) {
      m = m + " (line " + e.getLine() + ", column " + e.getColumn() + ")";
    }
    return m;
  }
}
