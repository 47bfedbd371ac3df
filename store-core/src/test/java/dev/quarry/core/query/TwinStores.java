package dev.quarry.core.query;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.quarry.core.Quarry;
import dev.quarry.core.Store;
import dev.quarry.core.config.Config;
import dev.quarry.core.query.memory.QueryMemory;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.jena.datatypes.xsd.XSDDatatype;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.query.ARQ;
import org.apache.jena.query.DatasetFactory;
import org.apache.jena.query.QueryExecution;
import org.apache.jena.query.QuerySolution;
import org.apache.jena.query.ResultSet;
import org.apache.jena.sparql.core.DatasetGraph;
import org.apache.jena.sparql.core.DatasetGraphFactory;
import org.apache.jena.sparql.core.Quad;
import org.apache.jena.sparql.exec.QueryExec;
import org.apache.jena.system.Txn;

/**
 * The same quads in a Quarry store (in memory) and in Jena's in-memory dataset, whose ARQ
 * evaluation is the reference: a query's answers on Quarry must equal ARQ's, as multisets.
 */
final class TwinStores implements AutoCloseable {
  private final Store store;
  private final DatasetGraph oracle;
  private final SimpleMeterRegistry meters = new SimpleMeterRegistry();

  /** rdf:type (made here, not from Jena's vocabulary, which needs Jena initialised first). */
  static final Node TYPE = NodeFactory.createURI("http://www.w3.org/1999/02/22-rdf-syntax-ns#type");

  /** An IRI in the tests' namespace, {@code http://ex/local}. */
  static Node iri(String local) {
    return NodeFactory.createURI("http://ex/" + local);
  }

  /** An xsd:integer literal. */
  static Node number(int v) {
    return NodeFactory.createLiteralDT(Integer.toString(v), XSDDatatype.XSDinteger);
  }

  TwinStores(List<Quad> quads) {
    this(quads, Quarry.openMemory());
  }

  /** The quads in {@code store} (new and empty; closed with the twins) and in the oracle. */
  TwinStores(List<Quad> quads, Store store) {
    oracle = DatasetGraphFactory.createTxnMem();
    Txn.executeWrite(oracle, () -> quads.forEach(oracle::add));
    this.store = store;
    DatasetGraph dsg = store.dataset();
    Txn.executeWrite(dsg, () -> quads.forEach(dsg::add));
    store.bindTo(meters);
  }

  /**
   * A store on disk in {@code dir} whose term cache holds {@code termCache} terms: most decodes
   * then read the term file, as in a store larger than its cache. No start-up warm-up: it would
   * read the term file meanwhile.
   */
  static Store onDisk(Path dir, long termCache) {
    return Quarry.open(
        Config.defaults()
            .with("store.location", dir)
            .with("store.buffers", 512)
            .with("store.term-cache", termCache)
            .with("store.warm-up", false));
  }

  Store store() {
    return store;
  }

  /** Adds quads to both, each in one write transaction. */
  void add(List<Quad> quads) {
    Txn.executeWrite(oracle, () -> quads.forEach(oracle::add));
    DatasetGraph dsg = store.dataset();
    Txn.executeWrite(dsg, () -> quads.forEach(dsg::add));
  }

  /** Deletes quads from both, each in one write transaction. */
  void delete(List<Quad> quads) {
    Txn.executeWrite(oracle, () -> quads.forEach(oracle::delete));
    DatasetGraph dsg = store.dataset();
    Txn.executeWrite(dsg, () -> quads.forEach(dsg::delete));
  }

  /** Adds quads to the oracle, and to Quarry by its bulk load. */
  void bulkLoad(List<Quad> quads) {
    Txn.executeWrite(oracle, () -> quads.forEach(oracle::add));
    var load = store.bulkLoad();
    quads.forEach(load::add);
    load.commit();
  }

  /** Operator trees Quarry's store ran on ids so far (its metrics). */
  long plansOnIds() {
    return operators("ids");
  }

  /** Operators ARQ evaluated itself on Quarry's store so far (its metrics). */
  long leftToArq() {
    return operators("arq");
  }

  private long operators(String executor) {
    return (long)
        meters.get("quarry.query.operators").tag("executor", executor).functionCounter().count();
  }

  /**
   * ARQ's answers to {@code query} with its algebra as written ({@link #referenceAnswers}) on the
   * oracle, or null if there is nothing to compare: a text that is no query in {@code syntax}, or
   * one ARQ refuses at run time (a fuzz target skips those).
   */
  Map<Map<String, Node>, Integer> reference(String query, org.apache.jena.query.Syntax syntax) {
    try {
      org.apache.jena.query.QueryFactory.create(query, syntax);
      return referenceAnswers(oracle, query);
    } catch (RuntimeException e) {
      return null;
    }
  }

  /** Asserts that Quarry answers the query as ARQ does; returns the answers. */
  Map<Map<String, Node>, Integer> sameAnswers(String query) {
    Map<Map<String, Node>, Integer> want = answers(oracle, query);
    Map<Map<String, Node>, Integer> got;
    try {
      got = answers(store.dataset(), query);
    } catch (RuntimeException e) {
      throw new AssertionError("Quarry failed on " + query, e);
    }
    assertEquals(want, got, query);
    return want;
  }

  /** Asserts that Quarry answers the query as ARQ does, with some answers; returns its plan. */
  String explainAnswered(String query) {
    assertFalse(sameAnswers(query).isEmpty(), "the query has answers: " + query);
    return explain(query);
  }

  /** ARQ's answers as a set of rows (for REDUCED, whose duplicates are the implementation's). */
  Set<Map<String, Node>> oracleSet(String query) {
    return answers(oracle, query).keySet();
  }

  /** Quarry's answers alone. */
  Map<Map<String, Node>, Integer> quarry(String query) {
    return answers(store.dataset(), query);
  }

  /** ARQ's values of {@code var} in its rows' order (an ORDER BY's), unbound as null. */
  List<Node> oracleColumn(String query, String var) {
    return column(oracle, query, var);
  }

  /** Quarry's values of {@code var} in its rows' order, unbound as null. */
  List<Node> quarryColumn(String query, String var) {
    return column(store.dataset(), query, var);
  }

  private static List<Node> column(DatasetGraph dsg, String query, String var) {
    return Txn.calculateRead(
        dsg,
        () -> {
          List<Node> out = new ArrayList<>();
          QueryExec.dataset(dsg).query(query).select().forEachRemaining(b -> out.add(b.get(var)));
          return out;
        });
  }

  /** How Quarry ran the query within {@code memory} (explain output). */
  String explainWithin(String query, QueryMemory memory) {
    DatasetGraph dsg = store.dataset();
    return Txn.calculateRead(
        dsg,
        () -> Explain.run(QueryExec.dataset(dsg).query(query).set(Store.QUERY_MEMORY, memory)));
  }

  /** How Quarry ran the query (explain output). */
  String explain(String query) {
    DatasetGraph dsg = store.dataset();
    return Txn.calculateRead(dsg, () -> Explain.run(QueryExec.dataset(dsg).query(query)));
  }

  /** Quarry's answers, the query running within {@code memory}. */
  Map<Map<String, Node>, Integer> answersWithin(String query, QueryMemory memory) {
    return answers(store.dataset(), query, memory, true);
  }

  /** A SELECT's answers as a multiset of rows (variable name to term). */
  static Map<Map<String, Node>, Integer> answers(DatasetGraph dsg, String query) {
    return answers(dsg, query, null, true);
  }

  /**
   * ARQ's answers with its algebra evaluated as written, without its optimiser: the reference a
   * differential test compares with. The optimiser's rewrites of OPTIONAL into substitution ({@code
   * conditional}) let a BIND inside an inner OPTIONAL see a variable of the enclosing group, which
   * SPARQL's bottom-up evaluation does not.
   */
  static Map<Map<String, Node>, Integer> referenceAnswers(DatasetGraph dsg, String query) {
    return answers(dsg, query, null, false);
  }

  private static Map<Map<String, Node>, Integer> answers(
      DatasetGraph dsg, String query, QueryMemory memory, boolean optimize) {
    return Txn.calculateRead(
        dsg,
        () -> {
          Map<Map<String, Node>, Integer> out = new HashMap<>();
          var builder = QueryExecution.dataset(DatasetFactory.wrap(dsg)).query(query);
          if (memory != null) {
            builder.set(Store.QUERY_MEMORY, memory);
          }
          if (!optimize) {
            builder.set(ARQ.optimization, false);
          }
          try (QueryExecution qe = builder.build()) {
            ResultSet rs = qe.execSelect();
            while (rs.hasNext()) {
              QuerySolution sol = rs.next();
              Map<String, Node> row = new HashMap<>();
              // ARQ may list a variable it left unbound (a path's end): the same as not listing it.
              sol.varNames()
                  .forEachRemaining(
                      v -> {
                        if (sol.get(v) != null) {
                          row.put(v, sol.get(v).asNode());
                        }
                      });
              out.merge(row, 1, Integer::sum);
            }
          }
          return out;
        });
  }

  @Override
  public void close() {
    store.close();
  }
}
