package dev.quarry.core.text;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quarry.core.Quarry;
import dev.quarry.core.Store;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import org.apache.jena.datatypes.xsd.XSDDatatype;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.query.TxnType;
import org.apache.jena.sparql.core.DatasetGraph;
import org.apache.jena.sparql.core.Quad;
import org.apache.jena.sparql.exec.QueryExec;
import org.apache.jena.system.Txn;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The text index against a scan, over generated literals in several languages and scripts, with
 * adds and deletes between the queries: every string filter answers the same on a store with the
 * index and one without, and text:query finds exactly the literals that hold the word.
 */
class TextDifferentialTest {
  @TempDir Path dir;

  private static final String[][] WORDS = {
    {"water", "proof", "Waterproof", "boot", "hiking", "jacket"},
    {"Straße", "STRASSE", "Größe", "über", "Wasser"},
    {"été", "Éclair", "café", "naïve"},
    {"вода", "ВОДА", "сапог"},
    {"νερό", "ΝΕΡΟ", "ς", "Σίσυφος"},
    {"x1", "42", "a_b", "co-op", "e-mail"}
  };
  private static final String[] LANGS = {"", "en", "de", "fr", "ru", "el"};

  @Test
  void filtersAndSearchesAgreeWithAScanThroughAddsAndDeletes() {
    Random rnd = new Random(11);
    try (Store on = Quarry.open(TextSearchTest.config(dir.resolve("on"), true));
        Store off = Quarry.open(TextSearchTest.config(dir.resolve("off"), false))) {
      List<Quad> live = new ArrayList<>();
      for (int round = 0; round < 6; round++) {
        List<Quad> adds = new ArrayList<>();
        for (int i = 0; i < 60; i++) {
          adds.add(randomQuad(rnd));
        }
        List<Quad> deletes = new ArrayList<>();
        for (int i = 0; i < 15 && !live.isEmpty(); i++) {
          deletes.add(live.remove(rnd.nextInt(live.size())));
        }
        live.addAll(adds);
        for (Store s : new Store[] {on, off}) {
          DatasetGraph d = s.dataset();
          Txn.executeWrite(
              d,
              () -> {
                adds.forEach(d::add);
                deletes.forEach(d::delete);
              });
        }
        for (String q : filterQueries(needles(rnd, live))) {
          assertEquals(rows(off, q), rows(on, q), q);
        }
        // A writer's own view: its changed literals' documents laid over its base's
        List<Quad> writerAdds = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
          writerAdds.add(randomQuad(rnd));
        }
        List<Quad> writerDeletes = new ArrayList<>();
        for (int i = 0; i < 10 && i < live.size(); i++) {
          writerDeletes.add(live.get(rnd.nextInt(live.size())));
        }
        List<Quad> seen = new ArrayList<>(live);
        seen.addAll(writerAdds);
        List<String> queries = filterQueries(needles(rnd, seen));
        assertEquals(
            inAWriter(off, writerAdds, writerDeletes, queries),
            inAWriter(on, writerAdds, writerDeletes, queries),
            "in a writer: " + queries);
        for (String word : List.of("water", "STRASSE", "вода", "νερό", "café", "42")) {
          String q =
              "SELECT ?s ?l { (?s ?score ?l) <http://jena.apache.org/text#query>"
                  + " (<http://ex/p0> \""
                  + word
                  + "\") }";
          assertEquals(expectedHits(live, word), rows(on, q), word);
        }
        assertTrue(on.check().sound(), on.check().problems().toString());
      }
      DatasetGraph d = on.dataset();
      String q = "SELECT * { ?s <http://ex/p0> ?l FILTER(CONTAINS(?l, \"wat\")) }";
      String explain =
          Txn.calculateRead(
              d, () -> dev.quarry.core.query.Explain.run(QueryExec.dataset(d).query(q)));
      assertTrue(explain.contains("text index candidates"), explain);
    }
  }

  /** Each string filter with each needle, on one predicate's objects and on every object. */
  private static List<String> filterQueries(List<String> needles) {
    List<String> out = new ArrayList<>();
    for (String needle : needles) {
      String lit = "\"" + needle.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
      for (String filter :
          List.of(
              "CONTAINS(?l, " + lit + ")",
              "STRSTARTS(?l, " + lit + ")",
              "regex(?l, " + lit + ", \"i\")",
              "CONTAINS(LCASE(?l), " + lit + ")")) {
        for (String pattern : List.of("?s <http://ex/p0> ?l", "?s ?p ?l")) {
          out.add("SELECT * { " + pattern + " FILTER(" + filter + ") }");
        }
      }
    }
    return out;
  }

  /** The answers to {@code queries} inside a writer that made these changes, then aborted. */
  private static List<Set<String>> inAWriter(
      Store s, List<Quad> adds, List<Quad> deletes, List<String> queries) {
    DatasetGraph d = s.dataset();
    List<Set<String>> out = new ArrayList<>();
    d.begin(TxnType.WRITE);
    try {
      adds.forEach(d::add);
      deletes.forEach(d::delete);
      for (String q : queries) {
        out.add(rows(s, q));
      }
    } finally {
      d.abort();
      d.end();
    }
    return out;
  }

  private static Quad randomQuad(Random rnd) {
    Node s = NodeFactory.createURI("http://ex/s" + rnd.nextInt(30));
    Node p = NodeFactory.createURI("http://ex/p" + rnd.nextInt(3));
    Node o;
    switch (rnd.nextInt(6)) {
      case 0 -> o = NodeFactory.createURI("http://ex/water" + rnd.nextInt(5));
      case 1 ->
          o =
              NodeFactory.createLiteralDT(
                  Integer.toString(rnd.nextInt(100)), XSDDatatype.XSDinteger);
      default -> {
        int k = rnd.nextInt(LANGS.length);
        StringBuilder text = new StringBuilder();
        // now and then a text longer than TextDocuments.SHORT_TEXT_CHARS, whose terms a filter
        // on its predicate reads from the neutral field
        int n = rnd.nextInt(8) == 0 ? 60 + rnd.nextInt(30) : 1 + rnd.nextInt(4);
        for (int i = 0; i < n; i++) {
          String[] words = WORDS[rnd.nextBoolean() ? k : rnd.nextInt(WORDS.length)];
          text.append(i == 0 ? "" : rnd.nextBoolean() ? " " : ", ")
              .append(words[rnd.nextInt(words.length)]);
        }
        String t = text.toString();
        o =
            LANGS[k].isEmpty()
                ? NodeFactory.createLiteralString(t)
                : NodeFactory.createLiteralLang(t, LANGS[k]);
      }
    }
    return Quad.create(Quad.defaultGraphIRI, s, p, o);
  }

  /** Pieces of live literals (whole, cut, case changed) and a few made up. */
  private static List<String> needles(Random rnd, List<Quad> live) {
    List<String> out = new ArrayList<>(List.of("zzz", "wat", "ASS", "o-o", " ", "é", "Σ", "1"));
    for (int i = 0; i < 10 && !live.isEmpty(); i++) {
      Node o = live.get(rnd.nextInt(live.size())).getObject();
      if (!o.isLiteral()) {
        continue;
      }
      String t = o.getLiteralLexicalForm();
      int a = rnd.nextInt(t.length());
      int b = Math.min(t.length(), a + 1 + rnd.nextInt(8));
      String piece = t.substring(a, b);
      out.add(
          rnd.nextBoolean()
              ? piece
              : rnd.nextBoolean()
                  ? piece.toUpperCase(Locale.ROOT)
                  : piece.toLowerCase(Locale.ROOT));
    }
    return out;
  }

  /** The (subject, literal) pairs of p0 whose text holds {@code word} as a whole word. */
  private static Set<String> expectedHits(List<Quad> live, String word) {
    Set<String> out = new TreeSet<>();
    String w = fold(word);
    for (Quad q : new HashSet<>(live)) {
      Node o = q.getObject();
      if (!q.getPredicate().getURI().equals("http://ex/p0") || !o.isLiteral()) {
        continue;
      }
      if (!o.getLiteralLanguage().isEmpty()
          || XSDDatatype.XSDstring.getURI().equals(o.getLiteralDatatypeURI())) {
        for (String token : fold(o.getLiteralLexicalForm()).split("[^\\p{L}\\p{Nd}]+")) {
          if (token.equals(w)) {
            out.add("( ?s = " + str(q.getSubject()) + " ) ( ?l = " + str(o) + " )");
          }
        }
      }
    }
    return out;
  }

  /** Per character, as case-insensitive matching compares (ß stays ß, not SS). */
  private static String fold(String s) {
    StringBuilder sb = new StringBuilder();
    s.codePoints()
        .forEach(c -> sb.appendCodePoint(Character.toLowerCase(Character.toUpperCase(c))));
    return sb.toString();
  }

  private static String str(Node n) {
    return org.apache.jena.sparql.util.FmtUtils.stringForNode(n);
  }

  private static Set<String> rows(Store s, String query) {
    DatasetGraph d = s.dataset();
    Set<String> out = new TreeSet<>();
    Txn.executeRead(
        d,
        () ->
            QueryExec.dataset(d)
                .query(query)
                .select()
                .forEachRemaining(
                    b -> {
                      StringBuilder sb = new StringBuilder();
                      for (String v : List.of("s", "l")) {
                        Node n = b.get(v);
                        sb.append(sb.isEmpty() ? "" : " ")
                            .append("( ?" + v + " = " + str(n) + " )");
                      }
                      for (var it = b.vars(); it.hasNext(); ) {
                        var v = it.next();
                        if (!v.getVarName().equals("s")
                            && !v.getVarName().equals("l")
                            && !v.getVarName().equals("score")) {
                          sb.append(" ?").append(v.getVarName()).append('=').append(str(b.get(v)));
                        }
                      }
                      out.add(sb.toString());
                    }));
    return out;
  }
}
