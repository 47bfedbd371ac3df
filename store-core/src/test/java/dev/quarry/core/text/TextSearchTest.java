package dev.quarry.core.text;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quarry.core.Quarry;
import dev.quarry.core.Store;
import dev.quarry.core.config.Config;
import dev.quarry.core.query.Explain;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.query.QueryExecException;
import org.apache.jena.query.ReadWrite;
import org.apache.jena.sparql.core.DatasetGraph;
import org.apache.jena.sparql.core.Quad;
import org.apache.jena.sparql.exec.QueryExec;
import org.apache.jena.sparql.exec.RowSet;
import org.apache.jena.system.Txn;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** text:query and the filters the index answers, on a real file store with text search on. */
class TextSearchTest {
  @TempDir Path dir;

  static final String PREFIXES =
      "PREFIX text: <http://jena.apache.org/text#>\n"
          + "PREFIX rdfs: <http://www.w3.org/2000/01/rdf-schema#>\n"
          + "PREFIX ex: <http://ex/>\n";
  static final Node LABEL = NodeFactory.createURI("http://www.w3.org/2000/01/rdf-schema#label");
  static final Node COMMENT = NodeFactory.createURI("http://ex/comment");

  static Config config(Path location, boolean text) {
    return Config.defaults()
        .with("store.location", location)
        .with("store.buffers", 512)
        .with("text.enabled", text);
  }

  static void add(DatasetGraph dsg, String s, Node p, Node o) {
    Txn.executeWrite(
        dsg,
        () ->
            dsg.add(
                Quad.create(Quad.defaultGraphIRI, NodeFactory.createURI("http://ex/" + s), p, o)));
  }

  static List<String> select(DatasetGraph dsg, String query) {
    List<String> out = new ArrayList<>();
    Txn.executeRead(
        dsg,
        () -> {
          RowSet rs = QueryExec.dataset(dsg).query(PREFIXES + query).select();
          rs.forEachRemaining(b -> out.add(b.toString()));
        });
    return out;
  }

  private static Node str(String s) {
    return NodeFactory.createLiteralString(s);
  }

  @Test
  void textQueryFindsLiteralsByWordAndJoinsTheirSubjects() {
    try (Store store = Quarry.open(config(dir.resolve("s"), true))) {
      DatasetGraph dsg = store.dataset();
      add(dsg, "boot", LABEL, str("Waterproof hiking boots"));
      add(dsg, "jacket", LABEL, NodeFactory.createLiteralLang("A waterproof jacket", "en"));
      add(dsg, "hat", LABEL, str("Sun hat"));
      add(dsg, "hat", COMMENT, str("not waterproof at all"));
      List<String> labels =
          select(dsg, "SELECT ?s { ?s text:query (rdfs:label \"waterproof\") } ORDER BY ?s");
      assertEquals(List.of("( ?s = <http://ex/boot> )", "( ?s = <http://ex/jacket> )"), labels);
      List<String> any = select(dsg, "SELECT ?s { ?s text:query \"waterproof\" } ORDER BY ?s");
      assertEquals(3, any.size(), any.toString());
      List<String> scored =
          select(
              dsg,
              "SELECT ?s ?lit { (?s ?score ?lit) text:query (rdfs:label \"hiking OR sun\" 1) }");
      assertEquals(1, scored.size(), scored.toString());
      List<String> lang =
          select(dsg, "SELECT ?s { ?s text:query (rdfs:label \"jackets\" \"lang:en\") }");
      assertEquals(List.of("( ?s = <http://ex/jacket> )"), lang, "English stemming");
    }
  }

  @Test
  void withInferenceAFilterSeesTheLiteralsOfSubproperties() {
    try (Store store = Quarry.open(config(dir.resolve("s"), true))) {
      DatasetGraph dsg = store.dataset();
      Node name = NodeFactory.createURI("http://ex/name");
      Txn.executeWrite(
          dsg,
          () ->
              dsg.add(
                  Quad.create(
                      NodeFactory.createURI("http://ex/rules"),
                      name,
                      NodeFactory.createURI("http://www.w3.org/2000/01/rdf-schema#subPropertyOf"),
                      LABEL)));
      add(dsg, "cap", name, str("blue cap"));
      List<String> out = new ArrayList<>();
      Txn.executeRead(
          dsg,
          () ->
              QueryExec.dataset(dsg)
                  .query(PREFIXES + "SELECT ?s { ?s rdfs:label ?l FILTER(CONTAINS(?l, \"blue\")) }")
                  .set(dev.quarry.core.query.QuarryOpExecutor.INFERENCE, "http://ex/rules")
                  .select()
                  .forEachRemaining(b -> out.add(b.toString())));
      assertEquals(List.of("( ?s = <http://ex/cap> )"), out);
    }
  }

  @Test
  void aBadLuceneQueryIsAQueryErrorThatSaysWhy() {
    try (Store store = Quarry.open(config(dir.resolve("s"), true))) {
      DatasetGraph dsg = store.dataset();
      add(dsg, "boot", LABEL, str("Waterproof boots"));
      QueryExecException e =
          assertThrows(
              QueryExecException.class,
              () -> select(dsg, "SELECT ?s { ?s text:query (rdfs:label \"water AND (\") }"));
      assertTrue(e.getMessage().contains("cannot parse"), e.getMessage());
    }
  }

  @Test
  void filtersAreAnsweredFromTheIndexWithTheSameAnswers() {
    Path on = dir.resolve("on");
    Path off = dir.resolve("off");
    try (Store a = Quarry.open(config(on, true));
        Store b = Quarry.open(config(off, false))) {
      String[] words = {"alpha", "Beta", "gamma-delta", "éclair", "STRASSE", "straße", "x1y2"};
      for (int i = 0; i < 300; i++) {
        String text = words[i % words.length] + " " + words[(i * 7) % words.length] + " n" + i;
        for (Store s : new Store[] {a, b}) {
          add(s.dataset(), "r" + i, LABEL, str(text));
        }
      }
      for (String filter :
          List.of(
              "CONTAINS(?l, \"amma-del\")",
              "CONTAINS(?l, \"beta\")",
              "STRSTARTS(?l, \"Beta g\")",
              "regex(?l, \"beta\", \"i\")",
              "regex(?l, \"^alp.a\")",
              "regex(?l, \"clai\")",
              "CONTAINS(?l, \"n29\")")) {
        String q = "SELECT ?s ?l { ?s rdfs:label ?l FILTER(" + filter + ") }";
        assertEquals(
            new TreeSet<>(select(b.dataset(), q)), new TreeSet<>(select(a.dataset(), q)), filter);
      }
      DatasetGraph dsg = a.dataset();
      String q = PREFIXES + "SELECT ?s { ?s rdfs:label ?l FILTER(CONTAINS(?l, \"n29\")) }";
      String explain = Txn.calculateRead(dsg, () -> Explain.run(QueryExec.dataset(dsg).query(q)));
      assertTrue(explain.contains("text index candidates"), explain);
    }
  }

  @Test
  void aLiteralWithARunTooLongForATermIsACandidateOfItsOwnPredicateOnly() {
    try (Store store = Quarry.open(config(dir.resolve("s"), true))) {
      DatasetGraph dsg = store.dataset();
      String run = "k".repeat(TextFold.MAX_TERM_CHARS) + "needle" + "k".repeat(100);
      add(dsg, "long", LABEL, str("a label with " + run));
      add(dsg, "other", COMMENT, str("a comment with " + run));
      for (int i = 0; i < 20; i++) {
        add(dsg, "r" + i, LABEL, str("plain label " + i));
      }
      String q = "SELECT ?s { ?s rdfs:label ?l FILTER(CONTAINS(?l, \"needle\")) }";
      assertEquals(List.of("( ?s = <http://ex/long> )"), select(dsg, q));
      String explain =
          Txn.calculateRead(dsg, () -> Explain.run(QueryExec.dataset(dsg).query(PREFIXES + q)));
      assertTrue(explain.contains("text index candidates of ?l (1)"), explain);
    }
  }

  @Test
  void theIndexComesBackAfterReopenAndIsBuiltWhenTurnedOn() throws Exception {
    Path s = dir.resolve("s");
    try (Store store = Quarry.open(config(s, false))) {
      add(store.dataset(), "boot", LABEL, str("Waterproof boots"));
    }
    try (Store store = Quarry.open(config(s, true))) { // turned on: built from the store
      assertEquals(1, select(store.dataset(), "SELECT * { ?s text:query \"boots\" }").size());
      add(store.dataset(), "hat", LABEL, str("rain hat"));
      assertTrue(store.check().sound(), store.check().problems().toString());
    }
    try (Store store = Quarry.open(config(s, true))) {
      assertEquals(1, select(store.dataset(), "SELECT * { ?s text:query \"rain\" }").size());
      assertTrue(store.check().sound(), store.check().problems().toString());
    }
    try (Store store = Quarry.open(config(s, false))) { // a store with an index keeps it
      add(store.dataset(), "cap", LABEL, str("rain cap"));
      assertEquals(2, select(store.dataset(), "SELECT * { ?s text:query \"rain\" }").size());
    }
    try (var files = Files.walk(s.resolve("text"))) { // removed: turned off for good
      for (Path f : files.sorted(java.util.Comparator.reverseOrder()).toList()) {
        Files.delete(f);
      }
    }
    try (Store store = Quarry.open(config(s, false))) {
      add(store.dataset(), "hood", LABEL, str("rain hood"));
      assertThrows(
          QueryExecException.class,
          () -> select(store.dataset(), "SELECT * { ?s text:query \"rain\" }"));
    }
    try (Store store = Quarry.open(config(s, true))) { // on again: built from the store
      assertEquals(3, select(store.dataset(), "SELECT * { ?s text:query \"rain\" }").size());
      assertTrue(store.check().sound(), store.check().problems().toString());
    }
  }

  @Test
  void anIndexLaidOutByAnEarlierVersionIsRebuiltAtOpen() throws Exception {
    Path s = dir.resolve("s");
    try (Store store = Quarry.open(config(s, true))) {
      add(store.dataset(), "boot", LABEL, str("Waterproof boots"));
    }
    // The index as an earlier layout left it: its commit names that layout; emptied, so that only
    // a rebuild finds the label again.
    try (var d = org.apache.lucene.store.FSDirectory.open(s.resolve("text"));
        var w =
            new org.apache.lucene.index.IndexWriter(
                d, new org.apache.lucene.index.IndexWriterConfig())) {
      var data =
          new java.util.HashMap<>(
              org.apache.lucene.index.SegmentInfos.readLatestCommit(d).getUserData());
      data.replaceAll(
          (k, v) -> v.startsWith(TextSettings.LAYOUT + " ") ? "v2" + v.substring(2) : v);
      assertTrue(data.values().stream().anyMatch(v -> v.startsWith("v2 ")), data.toString());
      w.deleteAll();
      w.setLiveCommitData(data.entrySet());
      w.commit();
    }
    try (Store store = Quarry.open(config(s, true))) {
      assertEquals(1, select(store.dataset(), "SELECT * { ?s text:query \"boots\" }").size());
      assertTrue(store.check().sound(), store.check().problems().toString());
    }
  }

  @Test
  void aReaderSearchesTheTextOfItsOwnSnapshot() throws Exception {
    try (Store store = Quarry.open(config(dir.resolve("s"), true))) {
      DatasetGraph dsg = store.dataset();
      add(dsg, "a", LABEL, str("first words"));
      dsg.begin(ReadWrite.READ);
      try {
        Thread w = new Thread(() -> add(dsg, "b", LABEL, str("later words")));
        w.start();
        w.join();
        List<String> seen = new ArrayList<>();
        QueryExec.dataset(dsg)
            .query(PREFIXES + "SELECT ?s { ?s text:query \"words\" }")
            .select()
            .forEachRemaining(b -> seen.add(b.toString()));
        assertEquals(List.of("( ?s = <http://ex/a> )"), seen);
      } finally {
        dsg.end();
      }
      assertEquals(2, select(dsg, "SELECT ?s { ?s text:query \"words\" }").size());
    }
  }
}
