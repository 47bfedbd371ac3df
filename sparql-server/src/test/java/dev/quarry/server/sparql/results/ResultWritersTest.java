package dev.quarry.server.sparql.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.apache.jena.datatypes.xsd.XSDDatatype;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.query.ResultSetFactory;
import org.apache.jena.riot.Lang;
import org.apache.jena.riot.ResultSetMgr;
import org.apache.jena.riot.resultset.ResultSetLang;
import org.apache.jena.sparql.core.Var;
import org.apache.jena.sparql.engine.binding.Binding;
import org.apache.jena.sparql.engine.binding.BindingBuilder;
import org.apache.jena.sparql.engine.iterator.QueryIterPlainWrapper;
import org.apache.jena.sparql.exec.RowSet;
import org.apache.jena.sparql.exec.RowSetRewindable;
import org.apache.jena.sparql.resultset.ResultsCompare;
import org.apache.jena.sparql.resultset.ResultsReader;
import org.apache.jena.sparql.resultset.ResultsWriter;
import org.apache.jena.sparql.resultset.SPARQLResult;
import org.junit.jupiter.api.Test;

/**
 * Quarry's result writers against Jena's: for every W3C result file, and for a result set of the
 * awkward terms (escapes, unicode beyond the BMP, languages, datatypes, blank nodes, unbound
 * values), what Quarry writes must parse to the same results as what Jena writes, in each format.
 */
class ResultWritersTest {
  private static final List<Lang> FORMATS =
      List.of(
          ResultSetLang.RS_JSON, ResultSetLang.RS_XML, ResultSetLang.RS_CSV, ResultSetLang.RS_TSV);

  @Test
  void everyW3cResultSetIsWrittenAsJenaWritesIt() throws IOException {
    List<Path> files;
    try (Stream<Path> s = Files.walk(Path.of("src/test/resources/w3c"))) {
      files =
          s.filter(p -> p.toString().endsWith(".srx") || p.toString().endsWith(".srj"))
              .sorted()
              .toList();
    }
    int sets = 0;
    int asks = 0;
    List<String> failures = new ArrayList<>();
    for (Path f : files) {
      Lang lang = f.toString().endsWith(".srx") ? ResultSetLang.RS_XML : ResultSetLang.RS_JSON;
      SPARQLResult r;
      try {
        r = ResultsReader.create().lang(lang).build().readAny(Files.newInputStream(f));
      } catch (RuntimeException e) {
        continue; // a file Jena cannot read is no reference
      }
      for (Lang out : FORMATS) {
        if (r.isBoolean()) {
          asks++;
          byte[] ours = ours(out, w -> w.ask(r.getBooleanResult()));
          ByteArrayOutputStream jena = new ByteArrayOutputStream();
          ResultsWriter.create().lang(out).build().write(jena, r.getBooleanResult());
          if (!Arrays.equals(ours, jena.toByteArray())) {
            failures.add(f + " as " + out.getName());
          }
          continue;
        }
        RowSetRewindable rows = RowSet.adapt(r.getResultSet()).rewindable();
        if (!sameAsJena(rows, out)) {
          failures.add(f + " as " + out.getName());
        }
        sets++;
      }
    }
    assertEquals(List.of(), failures);
    assertTrue(sets > 1000, "result sets compared: " + sets);
    assertTrue(asks > 20, "ASK results compared: " + asks);
  }

  @Test
  void awkwardTermsRoundTripInEveryFormat() {
    Var s = Var.alloc("s");
    Var o = Var.alloc("o");
    Var x = Var.alloc("x");
    List<Node> objects =
        List.of(
            NodeFactory.createLiteralString("quote \" backslash \\ tab \t newline \n cr \r end"),
            NodeFactory.createLiteralString("<tag> & ampersand, comma; 'single'"),
            NodeFactory.createLiteralString("unicode é ü 中文 and beyond the BMP: \uD83D\uDE00"),
            NodeFactory.createLiteralLang("chat", "fr"),
            NodeFactory.createLiteralLang("colour", "en-GB"),
            NodeFactory.createLiteralDT("42", XSDDatatype.XSDinteger),
            NodeFactory.createLiteralDT("2008-06-20T00:00:00", XSDDatatype.XSDdateTime),
            NodeFactory.createLiteralDT("x", NodeFactory.getType("http://example.org/dt#custom")),
            NodeFactory.createBlankNode("some-internal-label"),
            NodeFactory.createURI("http://example.org/a?b=c&d=e#frag"),
            NodeFactory.createLiteralString(""));
    List<Binding> bindings = new ArrayList<>();
    Node shared = NodeFactory.createBlankNode("shared");
    for (Node n : objects) {
      BindingBuilder b = BindingBuilder.create();
      b.add(s, shared).add(o, n);
      bindings.add(b.build());
    }
    bindings.add(BindingBuilder.create().add(x, NodeFactory.createURI("urn:only-x")).build());
    for (Lang out : FORMATS) {
      RowSetRewindable rows = rowSet(bindings, "s", "o", "x");
      assertTrue(sameAsJena(rows, out), "awkward terms as " + out.getName());
    }
  }

  /**
   * Long terms repeated down a column are copied from their first writing: every row still holds
   * its own term, also when the copy's first writing has gone out with a full buffer (the rows here
   * fill several), when equal terms are different objects, and when a column goes back to a term.
   */
  @Test
  void repeatedLongTermsAreWrittenInFullInEveryRow() {
    Var s = Var.alloc("s");
    Var o = Var.alloc("o");
    Var x = Var.alloc("x");
    List<Binding> bindings = new ArrayList<>();
    String text = "a comment \" <escaped> & é 中 \uD83D\uDE00 ".repeat(8);
    Node huge = NodeFactory.createLiteralString("y".repeat(40_000));
    for (int r = 0; r < 3; r++) { // a buffer's worth goes out while the repeated term is written
      BindingBuilder b = BindingBuilder.create();
      bindings.add(
          b.add(s, NodeFactory.createLiteralString("x".repeat(40_000) + r)).add(o, huge).build());
    }
    for (int r = 0; r < 3000; r++) {
      int group = r / 7 % 3; // runs of seven, and back to an earlier term
      BindingBuilder b = BindingBuilder.create();
      b.add(s, NodeFactory.createLiteralString(text + group)); // equal, never the same object
      if (r % 5 != 0) {
        b.add(o, NodeFactory.createURI("http://example.org/a/rather/long/iri/" + (r / 3)));
      }
      b.add(x, NodeFactory.createLiteralDT(Integer.toString(r % 4), XSDDatatype.XSDinteger));
      bindings.add(b.build());
    }
    for (Lang out : FORMATS) {
      RowSetRewindable rows = rowSet(bindings, "s", "o", "x");
      assertTrue(ours(rows, out).length > 4 * 32 * 1024, "several buffers' worth");
      assertTrue(sameAsJena(rows, out), "repeated terms as " + out.getName());
    }
    for (Lang lang : List.of(ResultSetLang.RS_CSV, ResultSetLang.RS_TSV)) {
      RowSetRewindable rows = rowSet(bindings, "s", "o", "x");
      assertEquals(
          new String(jenas(rows, lang), StandardCharsets.UTF_8),
          new String(ours(rows, lang), StandardCharsets.UTF_8));
    }
  }

  @Test
  void csvAndTsvAreByteForByteJenas() {
    Var x = Var.alloc("x");
    List<Node> values =
        List.of(
            NodeFactory.createLiteralDT("7", XSDDatatype.XSDinteger),
            NodeFactory.createLiteralDT("-07", XSDDatatype.XSDinteger),
            NodeFactory.createLiteralDT("1.50", XSDDatatype.XSDdecimal),
            NodeFactory.createLiteralDT(".5", XSDDatatype.XSDdecimal),
            NodeFactory.createLiteralDT("5.", XSDDatatype.XSDdecimal),
            NodeFactory.createLiteralDT("1e5", XSDDatatype.XSDdouble),
            NodeFactory.createLiteralDT("true", XSDDatatype.XSDboolean),
            NodeFactory.createLiteralDT("5", XSDDatatype.XSDint),
            NodeFactory.createLiteralDT("abc", XSDDatatype.XSDinteger),
            NodeFactory.createLiteralString("plain, \"quoted\"\nnew line"),
            NodeFactory.createLiteralLang("chat", "fr"),
            NodeFactory.createURI("http://example.org/a,b"));
    List<Binding> bindings = new ArrayList<>();
    for (Node n : values) {
      bindings.add(BindingBuilder.create().add(x, n).build());
    }
    for (Lang lang : List.of(ResultSetLang.RS_CSV, ResultSetLang.RS_TSV)) {
      RowSetRewindable rows = rowSet(bindings, "x");
      assertEquals(
          new String(jenas(rows, lang), StandardCharsets.UTF_8),
          new String(ours(rows, lang), StandardCharsets.UTF_8));
    }
  }

  private static boolean sameAsJena(RowSetRewindable rows, Lang lang) {
    var a = ResultSetMgr.read(new ByteArrayInputStream(ours(rows, lang)), lang).rewindable();
    var b = ResultSetMgr.read(new ByteArrayInputStream(jenas(rows, lang)), lang).rewindable();
    boolean vars = a.getResultVars().equals(b.getResultVars());
    return vars && ResultsCompare.equalsByTerm(a, b);
  }

  private static RowSetRewindable rowSet(List<Binding> bindings, String... vars) {
    return RowSet.adapt(
            ResultSetFactory.create(
                QueryIterPlainWrapper.create(bindings.iterator()), List.of(vars)))
        .rewindable();
  }

  /** {@code rows} written by Quarry's writer (and rewound). */
  private static byte[] ours(RowSetRewindable rows, Lang lang) {
    byte[] bytes =
        ours(
            lang,
            w -> {
              w.start(rows.getResultVars());
              rows.forEachRemaining(w::row);
              w.end();
            });
    rows.reset();
    return bytes;
  }

  /** {@code rows} written by Jena's writer (and rewound). */
  private static byte[] jenas(RowSetRewindable rows, Lang lang) {
    ByteArrayOutputStream jena = new ByteArrayOutputStream();
    ResultsWriter.create().lang(lang).build().write(jena, rows);
    rows.reset();
    return jena.toByteArray();
  }

  private static byte[] ours(Lang lang, Consumer<SelectWriter> body) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    body.accept(SelectWriter.of(lang, bytes));
    return bytes.toByteArray();
  }
}
