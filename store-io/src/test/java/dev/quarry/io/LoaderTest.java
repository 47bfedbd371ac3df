package dev.quarry.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quarry.core.Quarry;
import dev.quarry.core.Store;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.GZIPOutputStream;
import org.apache.jena.atlas.iterator.Iter;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.sparql.core.DatasetGraph;
import org.apache.jena.sparql.core.Quad;
import org.apache.jena.system.Txn;
import org.eclipse.rdf4j.rio.RDFFormat;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class LoaderTest {
  @TempDir Path dir;
  private Store store;

  /** The same two triples about <http://ex/a>, in every format Rio reads. */
  private static final String NT =
      "<http://ex/a> <http://ex/name> \"Alice\"@en .\n<http://ex/a> <http://ex/age> \"42\"^^<http://www.w3.org/2001/XMLSchema#integer> .\n";

  private static final String TTL =
      "@prefix ex: <http://ex/> .\nex:a ex:name \"Alice\"@en ;\n     ex:age 42 .\n";
  private static final String RDFXML =
      """
      <?xml version="1.0"?>
      <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns:ex="http://ex/">
        <rdf:Description rdf:about="http://ex/a">
          <ex:name xml:lang="en">Alice</ex:name>
          <ex:age rdf:datatype="http://www.w3.org/2001/XMLSchema#integer">42</ex:age>
        </rdf:Description>
      </rdf:RDF>
      """;
  private static final String JSONLD =
      """
      {"@id": "http://ex/a",
       "http://ex/name": {"@value": "Alice", "@language": "en"},
       "http://ex/age": {"@value": "42", "@type": "http://www.w3.org/2001/XMLSchema#integer"}}
      """;
  private static final String NQ =
      "<http://ex/a> <http://ex/name> \"Alice\"@en <http://ex/g> .\n<http://ex/a> <http://ex/age> \"42\"^^<http://www.w3.org/2001/XMLSchema#integer> <http://ex/g> .\n";
  private static final String TRIG =
      "@prefix ex: <http://ex/> .\nex:g { ex:a ex:name \"Alice\"@en ; ex:age 42 . }\n";

  @BeforeEach
  void open() {
    store = Quarry.open(dir.resolve("store"));
  }

  @AfterEach
  void close() {
    store.close();
  }

  private Path write(String name, String content) throws IOException {
    Path f = dir.resolve(name);
    if (name.endsWith(".gz")) {
      try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(f))) {
        out.write(content.getBytes(StandardCharsets.UTF_8));
      }
    } else {
      Files.writeString(f, content);
    }
    return f;
  }

  private long count(Node g) {
    DatasetGraph dsg = store.dataset();
    return Txn.calculateRead(
        dsg, () -> (long) Iter.count(dsg.find(g, Node.ANY, Node.ANY, Node.ANY)));
  }

  @ParameterizedTest
  @CsvSource({
    "data.nt,NT",
    "data.ttl,TTL",
    "data.rdf,RDFXML",
    "data.jsonld,JSONLD",
    "data.nt.gz,NT",
    "data.ttl.gz,TTL"
  })
  void everyTripleFormatLoadsTheSameTwoTriples(String name, String which) throws IOException {
    String content =
        switch (which) {
          case "NT" -> NT;
          case "TTL" -> TTL;
          case "RDFXML" -> RDFXML;
          default -> JSONLD;
        };
    Loader.Result r =
        Loader.loadFiles(store, List.of(write(name, content)), null, Loader.Progress.NONE);
    assertEquals(2, r.statements());
    DatasetGraph dsg = store.dataset();
    Quad expected =
        Quad.create(
            Quad.defaultGraphIRI,
            NodeFactory.createURI("http://ex/a"),
            NodeFactory.createURI("http://ex/name"),
            NodeFactory.createLiteralLang("Alice", "en"));
    Txn.executeRead(
        dsg,
        () -> assertTrue(dsg.contains(expected), "default graph has " + Iter.toList(dsg.find())));
    assertEquals(2, count(Quad.defaultGraphIRI));
  }

  @ParameterizedTest
  @CsvSource({"data.nq,NQ", "data.trig,TRIG", "data.nq.gz,NQ"})
  void quadFormatsKeepTheirGraphs(String name, String which) throws IOException {
    Loader.loadFiles(
        store, List.of(write(name, which.equals("NQ") ? NQ : TRIG)), null, Loader.Progress.NONE);
    assertEquals(2, count(NodeFactory.createURI("http://ex/g")));
    assertEquals(0, count(Quad.defaultGraphIRI));
  }

  @Test
  void triplesGoToTheTargetGraphWhenOneIsGiven() throws IOException {
    Node g = NodeFactory.createURI("http://ex/target");
    Loader.loadFiles(store, List.of(write("data.nt", NT)), g, Loader.Progress.NONE);
    assertEquals(2, count(g));
    assertEquals(0, count(Quad.defaultGraphIRI));
  }

  @Test
  void aParseErrorNamesFileLineAndColumnAndLoadsNothing() throws IOException {
    Loader.loadFiles(store, List.of(write("before.nt", NT)), null, Loader.Progress.NONE);
    Path good = write("good.ttl", TTL.replace("ex:a", "ex:b"));
    Path bad =
        write(
            "bad.ttl",
            "@prefix ex: <http://ex/> .\nex:c ex:p ex:o .\nex:d ex:p \"unterminated .\n");
    LoadException e =
        assertThrows(
            LoadException.class,
            () -> Loader.loadFiles(store, List.of(good, bad), null, Loader.Progress.NONE));
    assertEquals(bad.toString(), e.source());
    // The literal opened on line 3 runs past the end of the line, where the parser gives up.
    assertTrue(e.line() == 3 || e.line() == 4, "line " + e.line());
    assertTrue(e.column() >= 1, "column " + e.column());
    assertTrue(
        e.describe().startsWith(bad + ":" + e.line() + ":" + e.column() + ": "), e.describe());
    // Neither good.ttl nor the first line of bad.ttl was kept.
    assertEquals(2, count(Node.ANY));
  }

  @Test
  void aBadIriInNTriplesIsPlacedOnItsLineAndColumn() throws IOException {
    Path bad = write("bad.nt", NT + "<http://ex/a> <http://ex/p q> \"1\" .\n");
    LoadException e =
        assertThrows(
            LoadException.class,
            () -> Loader.loadFiles(store, List.of(bad), null, Loader.Progress.NONE));
    assertEquals(3, e.line());
    assertTrue(e.column() >= 26 && e.column() <= 30, "column " + e.column());
    assertEquals(0, count(Node.ANY));
  }

  @Test
  void aTurtleSyntaxErrorMidLineIsPlacedExactly() throws IOException {
    Path bad =
        write("mid.ttl", "@prefix ex: <http://ex/> .\nex:c ex:p ex:o .\nex:d ex:p ex:o ex:q .\n");
    LoadException e =
        assertThrows(
            LoadException.class,
            () -> Loader.loadFiles(store, List.of(bad), null, Loader.Progress.NONE));
    assertEquals(3, e.line());
    assertEquals(16, e.column(), e.describe()); // at ex:q, where '.' or ';' was expected
  }

  @Test
  void aBadRdfXmlFileReportsTheXmlParsersPosition() throws IOException {
    Path bad = write("bad.rdf", RDFXML.replace("</ex:age>", "</ex:agee>"));
    LoadException e =
        assertThrows(
            LoadException.class,
            () -> Loader.loadFiles(store, List.of(bad), null, Loader.Progress.NONE));
    assertEquals(5, e.line());
    assertTrue(e.column() > 0, "column " + e.column());
  }

  @Test
  void anUnknownFileExtensionIsRefusedBeforeAnythingIsRead() throws IOException {
    Path odd = write("data.xyz", NT);
    LoadException e =
        assertThrows(
            LoadException.class,
            () -> Loader.loadFiles(store, List.of(odd), null, Loader.Progress.NONE));
    assertTrue(e.getMessage().contains("format"), e.getMessage());
  }

  @Test
  void progressIsReportedWhileLoading() throws IOException {
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < 250_000; i++) {
      sb.append("<http://ex/s").append(i).append("> <http://ex/p> \"").append(i).append("\" .\n");
    }
    List<Long> reports = new ArrayList<>();
    Loader.Result r =
        Loader.loadFiles(
            store, List.of(write("big.nt.gz", sb.toString())), null, (n, t) -> reports.add(n));
    assertEquals(250_000, r.statements());
    assertEquals(List.of(100_000L, 200_000L), reports);
  }

  @Test
  void dumpThenLoadGivesTheSameDataset() throws IOException {
    Loader.loadFiles(
        store, List.of(write("a.trig", TRIG), write("b.ttl", TTL)), null, Loader.Progress.NONE);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    long written = Dumper.dump(store, RDFFormat.NQUADS, null, out);
    assertEquals(4, written);
    try (Store copy = Quarry.openMemory()) {
      Loader.load(
          copy,
          List.of(
              Loader.Source.of(
                  "dump",
                  RDFFormat.NQUADS,
                  "http://base/",
                  new java.io.ByteArrayInputStream(out.toByteArray()))),
          null,
          Loader.Progress.NONE);
      DatasetGraph a = store.dataset();
      DatasetGraph b = copy.dataset();
      Txn.executeRead(
          a,
          () ->
              Txn.executeRead(
                  b,
                  () -> {
                    assertEquals(Iter.count(a.find()), Iter.count(b.find()));
                    a.find().forEachRemaining(q -> assertTrue(b.contains(q), () -> "missing " + q));
                  }));
    }
  }
}
