package dev.quarry.server.w3c;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quarry.core.Quarry;
import dev.quarry.core.Store;
import dev.quarry.core.config.Config;
import dev.quarry.server.sparql.UpdateService;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.apache.jena.graph.Graph;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.graph.Triple;
import org.apache.jena.query.ARQ;
import org.apache.jena.query.Query;
import org.apache.jena.query.QueryFactory;
import org.apache.jena.query.ResultSet;
import org.apache.jena.query.ResultSetFactory;
import org.apache.jena.query.ResultSetRewindable;
import org.apache.jena.query.Syntax;
import org.apache.jena.rdf.model.Model;
import org.apache.jena.rdf.model.Property;
import org.apache.jena.rdf.model.RDFNode;
import org.apache.jena.rdf.model.Resource;
import org.apache.jena.rdf.model.Statement;
import org.apache.jena.riot.Lang;
import org.apache.jena.riot.RDFDataMgr;
import org.apache.jena.riot.RDFParser;
import org.apache.jena.riot.ResultSetMgr;
import org.apache.jena.riot.resultset.ResultSetLang;
import org.apache.jena.riot.system.StreamRDF;
import org.apache.jena.riot.system.StreamRDFBase;
import org.apache.jena.sparql.ARQConstants;
import org.apache.jena.sparql.core.DatasetGraph;
import org.apache.jena.sparql.core.DatasetGraphFactory;
import org.apache.jena.sparql.core.Quad;
import org.apache.jena.sparql.engine.binding.Binding;
import org.apache.jena.sparql.exec.QueryExec;
import org.apache.jena.sparql.graph.GraphFactory;
import org.apache.jena.sparql.resultset.ResultsCompare;
import org.apache.jena.sparql.resultset.ResultsWriter;
import org.apache.jena.sparql.util.IsoMatcher;
import org.apache.jena.system.Txn;
import org.apache.jena.update.UpdateFactory;
import org.apache.jena.update.UpdateRequest;
import org.apache.jena.vocabulary.RDFS;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * The W3C SPARQL 1.0 and 1.1 suites (query, update, result formats, syntax) run against Quarry's
 * engine on a file store: one dynamic test per approved manifest entry. Each evaluation test loads
 * its data, commits, runs its query in a read transaction (or its update through the server's
 * {@link UpdateService}, atomically), compares, then clears the store. Prints the counts.
 */
class W3cSuiteTest {
  @TempDir static Path dir;
  static Store store;
  static final Map<String, AtomicInteger> COUNTS = new ConcurrentHashMap<>();
  static final List<String> FAILED = Collections.synchronizedList(new ArrayList<>());

  static final SimpleMeterRegistry METERS = new SimpleMeterRegistry();

  @BeforeAll
  static void open() {
    Config c =
        Config.defaults()
            .with("store.storage", "file")
            .with("store.location", dir)
            .with("store.buffers", "16MB");
    store = Quarry.open(c);
    store.bindTo(METERS);
  }

  @AfterAll
  static void close() {
    store.close();
    System.out.printf(
        "W3C SPARQL: %d passed (%d of them equal by value only), %d failed, %d skipped"
            + " (%d excluded, %d not approved)%n",
        count("passed"),
        count("byValue"),
        count("failed"),
        count("excluded") + count("unapproved"),
        count("excluded"),
        count("unapproved"));
    for (String suite : List.of("SPARQL 1.0", "SPARQL 1.1", "SPARQL 1.2")) {
      System.out.printf(
          "W3C %s: %d passed, %d failed%n",
          suite, count(suite + " passed"), count(suite + " failed"));
    }
    System.out.printf(
        "W3C SPARQL: %d operator trees ran on Quarry's id executor, %d were left to ARQ%n",
        operators("ids"), operators("arq"));
    Map<String, Long> byKind = new TreeMap<>();
    METERS
        .find("quarry.query.left.to.arq")
        .functionCounters()
        .forEach(c -> byKind.put(c.getId().getTag("operator"), (long) c.count()));
    System.out.println("W3C SPARQL: left to ARQ by operator: " + byKind);
    // What ARQ still evaluates: SERVICE and the operators around it, and one default graph merged
    // from several FROM graphs (dataset-12, -12b). A kind of operator falling back again fails
    // here.
    long notService =
        byKind.entrySet().stream()
            .filter(e -> !e.getKey().equals("service"))
            .mapToLong(Map.Entry::getValue)
            .sum();
    Assertions.assertTrue(notService <= 20, "operators left to ARQ besides SERVICE: " + byKind);
    FAILED.forEach(id -> System.out.println("W3C failed: " + id));
  }

  private static int count(String k) {
    AtomicInteger n = COUNTS.get(k);
    return n == null ? 0 : n.get();
  }

  @TestFactory
  Stream<DynamicTest> sparql10() {
    return tests("sparql10/manifest.ttl");
  }

  @TestFactory
  Stream<DynamicTest> sparql11() {
    return tests("sparql11/manifest.ttl");
  }

  /**
   * The SPARQL 1.2 drafts' suite: its tests are "Proposed" (or not yet marked) while the drafts
   * are, so all but withdrawn ones run; queries and updates are parsed as SPARQL 1.2.
   */
  @TestFactory
  Stream<DynamicTest> sparql12() {
    return tests("sparql12/manifest.ttl");
  }

  /** SERVICE, against stand-in endpoints on loopback (see {@link ServiceEndpoints}). */
  @TestFactory
  Stream<DynamicTest> sparql11Federated() {
    return tests("sparql11/manifest-sparql11-fed.ttl");
  }

  private Stream<DynamicTest> tests(String manifest) {
    Path root = Path.of("src/test/resources/w3c").toAbsolutePath();
    return Manifests.read(root.resolve(manifest)).stream()
        .map(e -> DynamicTest.dynamicTest(e.id() + " " + e.name(), () -> run(e)));
  }

  private void run(Manifests.Entry e) throws Exception {
    if (!e.approved() && !(sparql12(e) && e.current())) {
      COUNTS.computeIfAbsent("unapproved", k -> new AtomicInteger()).incrementAndGet();
      Assumptions.abort("not approved by the working group");
    }
    String why = Exclusions.reason(e.id());
    if (why != null) {
      COUNTS.computeIfAbsent("excluded", k -> new AtomicInteger()).incrementAndGet();
      Assumptions.abort(why);
    }
    try {
      dispatch(e);
      COUNTS.computeIfAbsent("passed", k -> new AtomicInteger()).incrementAndGet();
      COUNTS.computeIfAbsent(suite(e) + " passed", k -> new AtomicInteger()).incrementAndGet();
    } catch (Throwable t) {
      COUNTS.computeIfAbsent("failed", k -> new AtomicInteger()).incrementAndGet();
      COUNTS.computeIfAbsent(suite(e) + " failed", k -> new AtomicInteger()).incrementAndGet();
      FAILED.add(e.id());
      throw new AssertionError(e.id() + ": " + t.getMessage(), t);
    } finally {
      DatasetGraph dsg = store.dataset();
      Txn.executeWrite(dsg, dsg::clear);
    }
  }

  private void dispatch(Manifests.Entry e) throws InterruptedException {
    switch (e.type()) {
      case "PositiveSyntaxTest", "PositiveSyntaxTest11" -> parseQuery(e, e.action().getURI());
      case "NegativeSyntaxTest", "NegativeSyntaxTest11" ->
          assertThrows(RuntimeException.class, () -> parseQuery(e, e.action().getURI()));
      case "PositiveUpdateSyntaxTest", "PositiveUpdateSyntaxTest11" -> parseUpdate(e);
      case "NegativeUpdateSyntaxTest", "NegativeUpdateSyntaxTest11" ->
          assertThrows(RuntimeException.class, () -> parseUpdate(e));
      case "QueryEvaluationTest" -> queryEvaluation(e, false);
      case "CSVResultFormatTest" -> queryEvaluation(e, true);
      case "UpdateEvaluationTest" -> updateEvaluation(e);
      default -> throw new AssertionError("unknown test type " + e.type());
    }
  }

  private static String suite(Manifests.Entry e) {
    return sparql12(e) ? "SPARQL 1.2" : e.uri().contains("data-r2") ? "SPARQL 1.0" : "SPARQL 1.1";
  }

  private static boolean sparql12(Manifests.Entry e) {
    return e.uri().contains("/sparql12/");
  }

  static Syntax syntax(Manifests.Entry e) {
    return sparql12(e) ? Syntax.syntaxSPARQL_12 : Syntax.syntaxSPARQL_11;
  }

  static Query parseQuery(Manifests.Entry e, String uri) {
    return QueryFactory.read(uri, null, syntax(e));
  }

  private static UpdateRequest parseUpdate(Manifests.Entry e) {
    String uri = e.action().getURI();
    return UpdateFactory.read(uri, syntax(e));
  }

  // ---- query evaluation -------------------------------------------------------------------------

  /** What a query returned, materialised: rows, a boolean, or a graph. */
  record Outcome(ResultSetRewindable rows, Boolean bool, Graph graph, String csv) {}

  private void queryEvaluation(Manifests.Entry e, boolean csv) throws InterruptedException {
    Query query = parseQuery(e, e.action().getPropertyResourceValue(qt(e, "query")).getURI());
    DatasetGraph dsg = store.dataset();
    Txn.executeWrite(dsg, () -> loadQueryDataset(dsg, e, query));
    Outcome quarry;
    try (ServiceEndpoints services = new ServiceEndpoints(e.action(), W3cSuiteTest::load)) {
      quarry = Txn.calculateRead(dsg, () -> evaluate(e, query, dsg, csv, services));
    }
    String failure = compare(e, query, quarry);
    if (failure == null) {
      return;
    }
    // Run ARQ over Jena's own in-memory dataset: if it returns exactly what Quarry returned and
    // that equals the expected results by value, the difference is only the lexical form ARQ
    // gives computed values (e.g. "02" for HOURS), not something Quarry's engine did.
    DatasetGraph ref = DatasetGraphFactory.createTxnMem();
    Txn.executeWrite(ref, () -> loadQueryDataset(ref, e, query));
    Outcome arq;
    try (ServiceEndpoints services = new ServiceEndpoints(e.action(), W3cSuiteTest::load)) {
      arq = Txn.calculateRead(ref, () -> evaluate(e, query, ref, csv, services));
    }
    if (quarry.rows() != null) {
      ResultSetRewindable expected = Expected.rows(e.result().asResource().getURI());
      boolean ordered = query.isOrdered();
      quarry.rows().reset();
      boolean sameAsArq =
          ordered
              ? ResultsCompare.equalsByTermAndOrder(arq.rows(), quarry.rows())
              : ResultsCompare.equalsByTerm(arq.rows(), quarry.rows());
      quarry.rows().reset();
      boolean sameValues =
          ordered
              ? ResultsCompare.equalsByValueAndOrder(expected, quarry.rows())
              : ResultsCompare.equalsByValue(expected, quarry.rows());
      quarry.rows().reset();
      if (sameAsArq && sameValues) {
        COUNTS.computeIfAbsent("byValue", k -> new AtomicInteger()).incrementAndGet();
        return;
      }
    }
    boolean arqPasses = compare(e, query, arq) == null;
    throw new AssertionError(
        (arqPasses ? "ARQ over Jena's in-memory dataset passes; " : "ARQ fails too; ") + failure);
  }

  private static Property qt(Manifests.Entry e, String local) {
    return Manifests.qt(e.action().getModel(), local);
  }

  static void loadQueryDataset(DatasetGraph dsg, Manifests.Entry e, Query query) {
    Resource action = e.action();
    for (Statement st : action.listProperties(qt(e, "data")).toList()) {
      load(dsg, st.getResource().getURI(), Quad.defaultGraphIRI);
    }
    for (Statement st : action.listProperties(qt(e, "graphData")).toList()) {
      String uri = st.getResource().getURI();
      load(dsg, uri, NodeFactory.createURI(uri));
    }
    // A query naming its dataset (FROM, FROM NAMED) reads those files as graphs.
    List<String> named = new ArrayList<>(query.getGraphURIs());
    named.addAll(query.getNamedGraphURIs());
    for (String uri : named) {
      if (uri.startsWith("file:")) {
        load(dsg, uri, NodeFactory.createURI(uri));
      }
    }
  }

  private static Outcome evaluate(
      Manifests.Entry e, Query query, DatasetGraph dsg, boolean csv, ServiceEndpoints services) {
    var builder = QueryExec.dataset(dsg).query(query);
    if (e.id().startsWith("service/")) {
      builder
          .set(ARQ.httpServiceAllowed, true)
          .set(ARQConstants.registryServiceExecutors, services.registry());
    }
    try (QueryExec qe = builder.build()) {
      switch (query.queryType()) {
        case SELECT -> {
          ResultSetRewindable rows = ResultSetFactory.makeRewindable(ResultSet.adapt(qe.select()));
          if (csv) {
            return new Outcome(null, null, null, write(rows, ResultSetLang.RS_CSV));
          }
          Lang lang = Expected.resultLang(e.result().asResource().getURI());
          if (lang == ResultSetLang.RS_TSV || lang == ResultSetLang.RS_JSON) {
            // A result-format test: the output in that format must read back as the same rows.
            byte[] text = write(rows, lang).getBytes(StandardCharsets.UTF_8);
            rows =
                ResultSetFactory.makeRewindable(
                    ResultSetMgr.read(new ByteArrayInputStream(text), lang));
          }
          return new Outcome(rows, null, null, null);
        }
        case ASK -> {
          return new Outcome(null, qe.ask(), null, null);
        }
        case CONSTRUCT, DESCRIBE -> {
          Graph g = GraphFactory.createDefaultGraph();
          (query.isConstructType() ? qe.constructTriples() : qe.describeTriples())
              .forEachRemaining(g::add);
          return new Outcome(null, null, g, null);
        }
        default -> throw new AssertionError("query type " + query.queryType());
      }
    }
  }

  /** Null if the outcome is the expected one, else what differs. */
  static String compare(Manifests.Entry e, Query query, Outcome got) {
    String resultUri = e.result().asResource().getURI();
    if (got.csv() != null) {
      return Expected.sameCsv(Expected.text(resultUri), got.csv())
          ? null
          : "CSV differs; got\n" + got.csv();
    }
    if (got.bool() != null) {
      boolean expected = Expected.bool(resultUri);
      return expected == got.bool() ? null : "ASK: expected " + expected;
    }
    if (got.graph() != null) {
      Graph expected = Expected.model(resultUri).getGraph();
      return isomorphic(expected, got.graph())
          ? null
          : "graphs differ; expected\n" + expected + "\nactual\n" + got.graph();
    }
    ResultSetRewindable expected = Expected.rows(resultUri);
    ResultSetRewindable actual = got.rows();
    actual.reset();
    Model manifest = e.action().getModel();
    boolean lax =
        manifest
            .listObjectsOfProperty(
                manifest.createResource(e.uri()), Manifests.mf(manifest, "resultCardinality"))
            .hasNext();
    boolean same;
    if (lax) {
      same = sameDistinct(expected, actual);
    } else if (query.isOrdered()) {
      same = ResultsCompare.equalsByTermAndOrder(expected, actual);
    } else {
      same = ResultsCompare.equalsByTerm(expected, actual);
    }
    expected.reset();
    actual.reset();
    if (same) {
      return null;
    }
    String exp = write(expected, ResultSetLang.RS_Text);
    String act = write(actual, ResultSetLang.RS_Text);
    return "results differ; expected\n" + exp + "actual\n" + act;
  }

  /** REDUCED may drop duplicates: compare the distinct rows. */
  private static boolean sameDistinct(ResultSetRewindable expected, ResultSetRewindable actual) {
    List<Binding> e = distinct(expected);
    List<Binding> a = distinct(actual);
    return ResultsCompare.equalsByTerm(e, a);
  }

  private static List<Binding> distinct(ResultSet rs) {
    Set<Binding> seen = new HashSet<>();
    List<Binding> out = new ArrayList<>();
    while (rs.hasNext()) {
      var b = rs.nextBinding();
      if (seen.add(b)) {
        out.add(b);
      }
    }
    return out;
  }

  private static String write(ResultSetRewindable rows, Lang lang) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ResultsWriter.create().lang(lang).build().write(out, rows);
    rows.reset();
    return out.toString(StandardCharsets.UTF_8);
  }

  // ---- update evaluation ------------------------------------------------------------------------

  private void updateEvaluation(Manifests.Entry e) {
    Resource action = e.action();
    Model m = action.getModel();
    DatasetGraph dsg = store.dataset();
    Txn.executeWrite(dsg, () -> loadUpdateDataset(dsg, action));
    UpdateService updates = new UpdateService(store, false, false);
    String requestUri = action.getPropertyResourceValue(Manifests.ut(m, "request")).getURI();
    UpdateRequest req = updates.prepare(Expected.text(requestUri), requestUri);
    updates.execute(req);
    assertUpdated(e, dsg);
  }

  /** The dataset after an update test's request is the one its result names. */
  static void assertUpdated(Manifests.Entry e, DatasetGraph dsg) {
    DatasetGraph expected = DatasetGraphFactory.createTxnMem();
    if (e.result() != null && e.result().isResource()) {
      loadUpdateDataset(expected, e.result().asResource());
    }
    Txn.executeRead(
        dsg,
        () -> {
          assertIsomorphic("default graph", expected.getDefaultGraph(), dsg.getDefaultGraph());
          Set<Node> names = nonEmptyGraphs(expected);
          assertEquals(names, nonEmptyGraphs(dsg), "named graphs");
          for (Node g : names) {
            assertIsomorphic("graph " + g, expected.getGraph(g), dsg.getGraph(g));
          }
        });
  }

  static void loadUpdateDataset(DatasetGraph dsg, Resource r) {
    Model m = r.getModel();
    for (Statement st : r.listProperties(Manifests.ut(m, "data")).toList()) {
      load(dsg, st.getResource().getURI(), Quad.defaultGraphIRI);
    }
    for (Statement st : r.listProperties(Manifests.ut(m, "graphData")).toList()) {
      Resource gd = st.getResource();
      String file = gd.getPropertyResourceValue(Manifests.ut(m, "graph")).getURI();
      RDFNode label = gd.getProperty(RDFS.label).getObject();
      load(dsg, file, NodeFactory.createURI(label.asLiteral().getString()));
    }
  }

  private static Set<Node> nonEmptyGraphs(DatasetGraph dsg) {
    Set<Node> names = new HashSet<>();
    dsg.listGraphNodes()
        .forEachRemaining(
            g -> {
              if (!dsg.getGraph(g).isEmpty()) {
                names.add(g);
              }
            });
    return names;
  }

  /**
   * Graph isomorphism, blank nodes inside triple terms included (Jena's {@code isIsomorphicWith}
   * compares triple terms as they are, so {@code <<( _:a :p :o )>>} never matches another label).
   */
  private static boolean isomorphic(Graph expected, Graph actual) {
    return expected.isIsomorphicWith(actual) || IsoMatcher.isomorphic(expected, actual);
  }

  private static void assertIsomorphic(String what, Graph expected, Graph actual) {
    assertTrue(
        isomorphic(expected, actual),
        () -> what + " differs; expected\n" + expected + "\nactual\n" + actual);
  }

  /**
   * Parses a data file into graph {@code g} of the dataset (in the caller's transaction); a TriG or
   * N-Quads file's named graphs go to their own graphs.
   */
  private static void load(DatasetGraph dsg, String uri, Node g) {
    StreamRDF sink =
        new StreamRDFBase() {
          @Override
          public void triple(Triple t) {
            dsg.add(g, t.getSubject(), t.getPredicate(), t.getObject());
          }

          @Override
          public void quad(Quad q) {
            dsg.add(
                q.isDefaultGraph() ? g : q.getGraph(),
                q.getSubject(),
                q.getPredicate(),
                q.getObject());
          }
        };
    RDFParser.source(uri).lang(RDFDataMgr.determineLang(uri, null, Lang.TURTLE)).parse(sink);
  }

  /** Operator trees the store's executor ran on ids ("ids") or left to ARQ ("arq"). */
  private static long operators(String executor) {
    return (long)
        METERS.get("quarry.query.operators").tag("executor", executor).functionCounter().count();
  }
}
