package dev.quarry.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.github.luben.zstd.ZstdOutputStream;
import dev.quarry.core.Quarry;
import dev.quarry.core.Store;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.zip.GZIPOutputStream;
import org.apache.commons.compress.compressors.bzip2.BZip2CompressorOutputStream;
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
    } else if (name.endsWith(".bz2")) {
      try (OutputStream out = new BZip2CompressorOutputStream(Files.newOutputStream(f))) {
        out.write(content.getBytes(StandardCharsets.UTF_8));
      }
    } else if (name.endsWith(".zst")) {
      try (OutputStream out = new ZstdOutputStream(Files.newOutputStream(f))) {
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
    "data.ttl.gz,TTL",
    "data.nt.bz2,NT",
    "data.nt.zst,NT",
    "data.ttl.zst,TTL"
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
  @CsvSource({"data.nq,NQ", "data.trig,TRIG", "data.nq.gz,NQ", "data.nq.zst,NQ"})
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
  void dataNestedPastTheParsersStackIsAnErrorThatLoadsNothing() throws IOException {
    int d = 20_000;
    Path ttl =
        write(
            "deep.ttl",
            "<http://s> <http://p> " + "[ <http://p> ".repeat(d) + "1" + " ]".repeat(d) + " .\n");
    Path nt =
        write(
            "deep.nt",
            NT
                + "<http://s> <http://p> "
                + "<<( <http://s> <http://p> ".repeat(d)
                + "1"
                + " )>>".repeat(d)
                + " .\n");
    for (Path f : List.of(ttl, nt)) {
      LoadException e =
          assertThrows(
              LoadException.class,
              () -> Loader.loadFiles(store, List.of(f), null, Loader.Progress.NONE));
      assertEquals(f.toString(), e.source());
      assertTrue(e.getMessage().contains("nested too deeply"), e.describe());
      assertEquals(0, count(Node.ANY));
    }
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

  /**
   * A file of several chunks, parsed on several threads, with one bad line in its last chunk: the
   * load fails at that line (counted across the chunks before it), and the store's files are byte
   * for byte what they were.
   */
  @Test
  void aBadLineInTheLastChunkOfAParallelLoadChangesNoByte() throws Exception {
    Loader.loadFiles(store, List.of(write("before.nt", NT)), null, Loader.Progress.NONE);
    StringBuilder sb = new StringBuilder();
    int lines = 0;
    while (sb.length() < 3 * ParallelLoad.CHUNK_BYTES) {
      sb.append("<http://ex/s")
          .append(lines)
          .append("> <http://ex/p> \"")
          .append(lines)
          .append("\"@en .\n");
      lines++;
    }
    sb.append("<http://ex/s> <http://ex/p> <not an iri> .\n");
    for (int i = 0; i < 10; i++) {
      sb.append("<http://ex/t").append(i).append("> <http://ex/p> \"x\" .\n");
    }
    Path big = write("big.nt", sb.toString());
    store.close();
    // A twin of the store that is opened and closed without the load: what "unchanged" means.
    Path twin = dir.resolve("twin");
    copy(dir.resolve("store"), twin);
    Quarry.open(twin).close();
    store = Quarry.open(dir.resolve("store"));
    LoadException e = failedLoad(big, Loader.Options.defaults(Loader.Progress.NONE).withThreads(3));
    assertEquals(lines + 1, e.line(), e.describe());
    assertTrue(e.column() > 0, e.describe());
    store.close();
    assertEquals(digests(twin), digests(dir.resolve("store")));
    store = Quarry.open(dir.resolve("store"));
    assertEquals(2, count(Node.ANY));
  }

  private static void copy(Path from, Path to) throws IOException {
    try (var files = Files.walk(from)) {
      for (Path f : (Iterable<Path>) files::iterator) {
        Path t = to.resolve(from.relativize(f).toString());
        if (Files.isDirectory(f)) {
          Files.createDirectories(t);
        } else {
          Files.copy(f, t);
        }
      }
    }
  }

  /**
   * Lines the fast path declines (IRIs with non-ASCII letters) are read by Rio, past a few of them
   * a chunk at a time; what is loaded is what Rio reads, and an error among them is still placed on
   * its line.
   */
  @Test
  void linesTheFastPathDeclinesLoadAsRioReadsThemAndErrorsStayPlaced() throws IOException {
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < 5_000; i++) {
      sb.append("<http://ex/é").append(i).append("> <http://ex/p> \"v").append(i).append("\" .\n");
    }
    Path good = write("unicode.nt", sb.toString());
    Loader.Result r =
        Loader.load(
            store,
            List.of(Loader.Source.of(good)),
            null,
            Loader.Options.defaults(Loader.Progress.NONE));
    assertEquals(5_000, r.statements());
    assertEquals(5_000, count(Node.ANY));
    List<Quad> rio = new ArrayList<>();
    Loader.parse(Loader.Source.of(good), null, rio::add);
    DatasetGraph dsg = store.dataset();
    Txn.executeRead(dsg, () -> rio.forEach(q -> assertTrue(dsg.contains(q), q.toString())));

    sb.append("<http://ex/é> <http://ex/p> <not valid> .\n");
    Path bad = write("unicode-bad.nt", sb.toString());
    LoadException e = failedLoad(bad, Loader.Options.defaults(Loader.Progress.NONE));
    assertEquals(5_001, e.line(), e.describe());
    assertEquals(5_000, count(Node.ANY));
  }

  /** The error a load of {@code file} with {@code options} fails with. */
  private LoadException failedLoad(Path file, Loader.Options options) {
    return assertThrows(
        LoadException.class,
        () -> Loader.load(store, List.of(Loader.Source.of(file)), null, options));
  }

  /**
   * Each file of a store directory and the SHA-256 of its bytes: not the lock, nor the pool's
   * resident-pages (a hint of which pages the last close had used, which differs from run to run).
   */
  private static Map<String, String> digests(Path storeDir) throws Exception {
    Map<String, String> out = new TreeMap<>();
    try (var files = Files.walk(storeDir)) {
      for (Path f : (Iterable<Path>) files::iterator) {
        String name = f.getFileName().toString();
        if (Files.isRegularFile(f) && !name.equals("lock") && !name.equals("resident-pages")) {
          byte[] hash = MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(f));
          out.put(storeDir.relativize(f).toString(), HexFormat.of().formatHex(hash));
        }
      }
    }
    return out;
  }

  /** Bad lines left out with --skip-bad: each reported on its line, the rest loaded. */
  @Test
  void skippingBadLinesLoadsTheRestAndReportsEach() throws IOException {
    String nt =
        NT
            + "<http://ex/a> <http://ex/p q> \"1\" .\n"
            + "<http://ex/c> <http://ex/p> \"ok\" .\n"
            + "\"lit\" <http://ex/p> <http://ex/o> .\n";
    List<String> log = new ArrayList<>();
    Loader.Result r =
        Loader.load(
            store,
            List.of(Loader.Source.of(write("some-bad.nt", nt))),
            null,
            Loader.Options.defaults(Loader.Progress.NONE).skippingBad(log::add));
    assertEquals(3, r.statements());
    assertEquals(2, r.skipped());
    assertEquals(2, log.size(), log.toString());
    assertTrue(log.get(0).contains("some-bad.nt:3:"), log.get(0));
    assertTrue(log.get(1).contains("some-bad.nt:5:"), log.get(1));
    assertEquals(3, count(Node.ANY));
  }

  @Test
  void progressIsReportedWhileLoading() throws IOException {
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < 250_000; i++) {
      sb.append("<http://ex/s").append(i).append("> <http://ex/p> \"").append(i).append("\" .\n");
    }
    List<Loader.Status> reports = new ArrayList<>();
    Loader.Progress progress =
        new Loader.Progress() {
          @Override
          public void update(long statements, Duration elapsed) {}

          @Override
          public void status(Loader.Status s) {
            reports.add(s);
          }
        };
    Path file = write("big.nt.gz", sb.toString());
    Loader.Result r =
        Loader.load(
            store, List.of(Loader.Source.of(file)), null, Loader.Options.defaults(progress));
    assertEquals(250_000, r.statements());
    // While parsing: counts that only grow, bytes of the (compressed) file read of its size; then
    // the build with every statement.
    Loader.Status last = reports.get(reports.size() - 1);
    assertEquals("build", last.phase());
    assertEquals(250_000, last.statements());
    long before = 0;
    for (Loader.Status s : reports.subList(0, reports.size() - 1)) {
      assertEquals("parse", s.phase());
      assertTrue(s.statements() >= before && s.statements() <= 250_000, s.toString());
      assertEquals(Files.size(file), s.bytesTotal());
      assertTrue(s.bytesRead() > 0 && s.bytesRead() <= s.bytesTotal(), s.toString());
      before = s.statements();
    }
    assertTrue(r.phases().containsKey("parse and encode"), r.phases().toString());
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
                  new ByteArrayInputStream(out.toByteArray()))),
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
