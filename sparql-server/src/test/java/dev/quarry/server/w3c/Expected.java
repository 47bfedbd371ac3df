package dev.quarry.server.w3c;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.jena.query.ResultSetFactory;
import org.apache.jena.query.ResultSetRewindable;
import org.apache.jena.rdf.model.Model;
import org.apache.jena.rdf.model.ModelFactory;
import org.apache.jena.rdf.model.Property;
import org.apache.jena.rdf.model.RDFNode;
import org.apache.jena.rdf.model.Statement;
import org.apache.jena.riot.Lang;
import org.apache.jena.riot.RDFDataMgr;
import org.apache.jena.riot.ResultSetMgr;
import org.apache.jena.riot.resultset.ResultSetLang;
import org.apache.jena.sparql.resultset.RDFInput;

/** Reads expected results in the suites' formats, and compares CSV output text. */
final class Expected {
  static final String RS = "http://www.w3.org/2001/sw/DataAccess/tests/result-set#";

  private Expected() {}

  /** The results-format language of a result file, or null for an RDF file. */
  static Lang resultLang(String uri) {
    if (uri.endsWith(".srx")) {
      return ResultSetLang.RS_XML;
    }
    if (uri.endsWith(".srj")) {
      return ResultSetLang.RS_JSON;
    }
    if (uri.endsWith(".tsv")) {
      return ResultSetLang.RS_TSV;
    }
    if (uri.endsWith(".csv")) {
      return ResultSetLang.RS_CSV;
    }
    return null;
  }

  static ResultSetRewindable rows(String uri) {
    Lang lang = resultLang(uri);
    if (lang == null) {
      return ResultSetFactory.makeRewindable(RDFInput.fromRDF(model(uri)));
    }
    // Read from memory: the reader streams, and must not outlive its input.
    byte[] bytes = text(uri).getBytes(StandardCharsets.UTF_8);
    return ResultSetFactory.makeRewindable(
        ResultSetMgr.read(new ByteArrayInputStream(bytes), lang));
  }

  static boolean bool(String uri) {
    Lang lang = resultLang(uri);
    if (lang != null) {
      byte[] bytes = text(uri).getBytes(StandardCharsets.UTF_8);
      return ResultSetMgr.readBoolean(new ByteArrayInputStream(bytes), lang);
    }
    Model m = model(uri);
    Property b = m.createProperty(RS, "boolean");
    Statement st = m.listStatements(null, b, (RDFNode) null).next();
    return st.getBoolean();
  }

  static Model model(String uri) {
    Model m = ModelFactory.createDefaultModel();
    RDFDataMgr.read(m, uri);
    return m;
  }

  static String text(String uri) {
    try {
      return Files.readString(Path.of(URI.create(uri)), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * True if two CSV texts hold the same header and the same rows in any order, blank node labels
   * matched up to renaming.
   */
  static boolean sameCsv(String expected, String actual) {
    List<String[]> e = csvRows(expected);
    List<String[]> a = csvRows(actual);
    if (e.isEmpty() || a.isEmpty() || !Arrays.equals(e.get(0), a.get(0)) || e.size() != a.size()) {
      return false;
    }
    return matchRows(
        e.subList(1, e.size()), new ArrayList<>(a.subList(1, a.size())), new HashMap<>());
  }

  /** Backtracking match of rows, extending a blank node label mapping. */
  private static boolean matchRows(List<String[]> e, List<String[]> a, Map<String, String> bnodes) {
    if (e.isEmpty()) {
      return true;
    }
    String[] row = e.get(0);
    for (int i = 0; i < a.size(); i++) {
      Map<String, String> m = new HashMap<>(bnodes);
      if (cellsMatch(row, a.get(i), m)) {
        List<String[]> rest = new ArrayList<>(a);
        rest.remove(i);
        if (matchRows(e.subList(1, e.size()), rest, m)) {
          return true;
        }
      }
    }
    return false;
  }

  private static boolean cellsMatch(String[] e, String[] a, Map<String, String> bnodes) {
    if (e.length != a.length) {
      return false;
    }
    for (int i = 0; i < e.length; i++) {
      if (e[i].startsWith("_:") && a[i].startsWith("_:")) {
        String was = bnodes.putIfAbsent(e[i], a[i]);
        if ((was != null && !was.equals(a[i]))
            || (was == null && bnodes.values().stream().filter(a[i]::equals).count() > 1)) {
          return false;
        }
      } else if (!e[i].equals(a[i])) {
        return false;
      }
    }
    return true;
  }

  /** RFC 4180 rows: quoted fields may hold commas, quotes (doubled) and line breaks. */
  static List<String[]> csvRows(String text) {
    List<String[]> rows = new ArrayList<>();
    List<String> row = new ArrayList<>();
    StringBuilder cell = new StringBuilder();
    boolean quoted = false;
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (quoted) {
        if (c == '"' && i + 1 < text.length() && text.charAt(i + 1) == '"') {
          cell.append('"');
          i++;
        } else if (c == '"') {
          quoted = false;
        } else {
          cell.append(c);
        }
      } else if (c == '"') {
        quoted = true;
      } else if (c == ',') {
        row.add(cell.toString());
        cell.setLength(0);
      } else if (c == '\r' || c == '\n') {
        if (c == '\r' && i + 1 < text.length() && text.charAt(i + 1) == '\n') {
          i++;
        }
        row.add(cell.toString());
        cell.setLength(0);
        rows.add(row.toArray(String[]::new));
        row.clear();
      } else {
        cell.append(c);
      }
    }
    if (cell.length() > 0 || !row.isEmpty()) {
      row.add(cell.toString());
      rows.add(row.toArray(String[]::new));
    }
    return rows;
  }
}
