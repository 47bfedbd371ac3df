package dev.quarry.lubm;

import java.util.ArrayList;
import java.util.List;
import org.apache.jena.graph.Node;
import org.apache.jena.query.QuerySolution;
import org.apache.jena.query.ResultSet;
import org.apache.jena.rdf.model.RDFNode;

/** What the LUBM checks run against: Quarry over HTTP, or Quarry embedded. */
public interface LubmTarget {
  /** True if the store is up and answering. */
  boolean answers();

  /** Loads the 15 University0 files into {@code <lubm>} and the schema into {@code <inf>}. */
  void loadData();

  /** The rows of a SELECT: each row its values (IRIs and lexical forms) in the order of vars. */
  default List<List<String>> select(String query, List<String> vars) {
    return select(query, vars, null);
  }

  /**
   * As {@link #select(String, List)}, with query-time RDFS inference from the rules of graph {@code
   * inference} when it is not null (Quarry's documented way: the {@code inference} protocol
   * parameter over HTTP, the {@code Store.INFERENCE} context setting embedded).
   */
  List<List<String>> select(String query, List<String> vars, String inference);

  /** The single number a {@code SELECT (COUNT(*) AS ?n)} returns. */
  long count(String query);

  void update(String update);

  /** The rows of a result set as {@link #select} gives them; unbound values are empty strings. */
  static List<List<String>> rows(ResultSet rs, List<String> vars) {
    List<List<String>> rows = new ArrayList<>();
    while (rs.hasNext()) {
      QuerySolution s = rs.next();
      List<String> row = new ArrayList<>();
      for (String v : vars) {
        RDFNode n = s.get(v);
        row.add(n == null ? "" : value(n.asNode()));
      }
      rows.add(row);
    }
    return rows;
  }

  /** An IRI as itself, a literal as its lexical form. */
  static String value(Node n) {
    return n.isURI() ? n.getURI() : n.isLiteral() ? n.getLiteralLexicalForm() : n.toString();
  }
}
