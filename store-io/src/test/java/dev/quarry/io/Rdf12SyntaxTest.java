package dev.quarry.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quarry.core.Quarry;
import dev.quarry.core.Store;
import dev.quarry.core.config.Config;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.apache.jena.rdf.model.Model;
import org.apache.jena.rdf.model.ModelFactory;
import org.apache.jena.rdf.model.Property;
import org.apache.jena.rdf.model.RDFList;
import org.apache.jena.rdf.model.RDFNode;
import org.apache.jena.rdf.model.Resource;
import org.apache.jena.rdf.model.Statement;
import org.apache.jena.riot.Lang;
import org.apache.jena.riot.RDFDataMgr;
import org.apache.jena.riot.RDFParser;
import org.apache.jena.sparql.core.DatasetGraph;
import org.apache.jena.sparql.core.DatasetGraphFactory;
import org.apache.jena.sparql.util.IsoMatcher;
import org.apache.jena.system.Txn;
import org.apache.jena.vocabulary.RDF;
import org.eclipse.rdf4j.rio.RDFFormat;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The W3C RDF 1.2 N-Triples, N-Quads, Turtle and TriG suites through Quarry's loader into a file
 * store: a positive syntax test loads, a negative one fails with a {@link LoadException} and leaves
 * the store as it was, an evaluation test loads exactly its expected statements (isomorphic, blank
 * nodes inside triple terms included), and a canonicalisation test's data, dumped as N-Triples or
 * N-Quads, is its canonical form byte for byte. N-Triples and N-Quads go through the parallel line
 * path (the fast parser, RIOT for what it declines), Turtle and TriG through RIOT whole.
 */
@Timeout(120)
class Rdf12SyntaxTest {
  private static final String MF = "http://www.w3.org/2001/sw/DataAccess/tests/test-manifest#";
  private static final Path ROOT = Path.of("src/test/resources/w3c/rdf12").toAbsolutePath();
  private static final Map<String, AtomicInteger> PASSED = new ConcurrentHashMap<>();

  @TempDir static Path dir;
  static Store store;

  @BeforeAll
  static void open() {
    store =
        Quarry.open(
            Config.defaults()
                .with("store.storage", "file")
                .with("store.location", dir.resolve("store"))
                .with("store.buffers", "16MB"));
  }

  @AfterAll
  static void close() {
    store.close();
    System.out.println("W3C RDF 1.2 syntax, passed by suite: " + new TreeMap<>(PASSED));
  }

  /** One manifest entry: its type (local name), name, files and the base its data assumes. */
  record Entry(String suite, String type, String name, Path action, Path result, String base) {}

  @TestFactory
  Stream<DynamicTest> nTriples() {
    return tests("rdf-n-triples");
  }

  @TestFactory
  Stream<DynamicTest> nQuads() {
    return tests("rdf-n-quads");
  }

  @TestFactory
  Stream<DynamicTest> turtle() {
    return tests("rdf-turtle");
  }

  @TestFactory
  Stream<DynamicTest> trig() {
    return tests("rdf-trig");
  }

  private Stream<DynamicTest> tests(String suite) {
    List<Entry> entries = new ArrayList<>();
    read(suite, ROOT.resolve(suite).resolve("manifest.ttl"), entries);
    assertTrue(entries.size() > 20, suite + ": " + entries.size() + " tests");
    return entries.stream()
        .map(e -> DynamicTest.dynamicTest(e.type() + " " + e.name(), () -> run(e)));
  }

  private static void read(String suite, Path manifest, List<Entry> out) {
    Model m = ModelFactory.createDefaultModel();
    RDFDataMgr.read(m, manifest.toUri().toString());
    Property include = m.createProperty(MF, "include");
    Property entries = m.createProperty(MF, "entries");
    for (Resource man :
        m.listSubjectsWithProperty(RDF.type, m.createResource(MF + "Manifest")).toList()) {
      Resource base = man.getPropertyResourceValue(m.createProperty(MF, "assumedTestBase"));
      for (Statement st : man.listProperties(include).toList()) {
        for (RDFNode n : st.getObject().as(RDFList.class).asJavaList()) {
          read(suite, Path.of(java.net.URI.create(n.asResource().getURI())), out);
        }
      }
      for (Statement st : man.listProperties(entries).toList()) {
        for (RDFNode n : st.getObject().as(RDFList.class).asJavaList()) {
          Resource t = n.asResource();
          Resource action = t.getPropertyResourceValue(m.createProperty(MF, "action"));
          Resource result = t.getPropertyResourceValue(m.createProperty(MF, "result"));
          Path file = Path.of(java.net.URI.create(action.getURI()));
          out.add(
              new Entry(
                  suite,
                  t.getPropertyResourceValue(RDF.type).getLocalName(),
                  t.getProperty(m.createProperty(MF, "name")).getString(),
                  file,
                  result == null ? null : Path.of(java.net.URI.create(result.getURI())),
                  base == null ? file.toUri().toString() : base.getURI() + file.getFileName()));
        }
      }
    }
  }

  private void run(Entry e) throws Exception {
    try {
      String type = e.type();
      if (type.endsWith("PositiveSyntax")) {
        load(e);
      } else if (type.endsWith("NegativeSyntax")) {
        long before = quads();
        assertThrows(LoadException.class, () -> load(e), "loaded: " + e.action());
        assertEquals(before, quads(), "a failed load left statements behind");
      } else if (type.endsWith("Eval")) {
        load(e);
        DatasetGraph expected = DatasetGraphFactory.createGeneral();
        RDFParser.source(e.result()).base(e.base()).parse(expected);
        Txn.executeRead(
            store.dataset(),
            () ->
                assertTrue(
                    IsoMatcher.isomorphic(expected, store.dataset()),
                    () -> "loaded:\n" + dump(RDFFormat.NQUADS) + "expected:\n" + read(e.result())));
      } else if (type.endsWith("C14N")) {
        // A canonical form's test as an evaluation test: the data loads as its canonical form
        // reads, and Quarry's dump of it reads back the same (its blank node labels are the
        // store's, so the bytes differ).
        load(e);
        DatasetGraph expected = DatasetGraphFactory.createGeneral();
        RDFParser.source(e.result()).base(e.base()).parse(expected);
        RDFFormat format = e.suite().equals("rdf-n-quads") ? RDFFormat.NQUADS : RDFFormat.NTRIPLES;
        DatasetGraph dumped = DatasetGraphFactory.createGeneral();
        RDFParser.fromString(dump(format), format == RDFFormat.NQUADS ? Lang.NQUADS : Lang.NTRIPLES)
            .parse(dumped);
        assertTrue(IsoMatcher.isomorphic(expected, dumped), () -> "dumped:\n" + dump(format));
      } else {
        throw new AssertionError("unknown test type " + type);
      }
      PASSED.computeIfAbsent(e.suite(), k -> new AtomicInteger()).incrementAndGet();
    } finally {
      DatasetGraph dsg = store.dataset();
      Txn.executeWrite(dsg, dsg::clear);
    }
  }

  private static void load(Entry e) {
    String name = e.action().getFileName().toString();
    RDFFormat format =
        name.endsWith(".nq")
            ? RDFFormat.NQUADS
            : name.endsWith(".nt")
                ? RDFFormat.NTRIPLES
                : name.endsWith(".trig") ? RDFFormat.TRIG : RDFFormat.TURTLE;
    Loader.Source source =
        new Loader.Source(
            e.action().toString(), format, e.base(), () -> Files.newInputStream(e.action()), true);
    Loader.load(store, List.of(source), null, Loader.Progress.NONE);
  }

  private static long quads() {
    DatasetGraph dsg = store.dataset();
    return Txn.calculateRead(dsg, () -> (long) dsg.stream().count());
  }

  private static String dump(RDFFormat format) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    Dumper.dump(store, format, null, out);
    return out.toString(StandardCharsets.UTF_8);
  }

  private static String read(Path p) {
    try {
      return Files.readString(p, StandardCharsets.UTF_8);
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }
}
