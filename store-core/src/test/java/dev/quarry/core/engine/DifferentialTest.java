package dev.quarry.core.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quarry.core.Quarry;
import dev.quarry.core.Store;
import dev.quarry.core.config.Config;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.apache.jena.atlas.iterator.Iter;
import org.apache.jena.datatypes.xsd.XSDDatatype;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.sparql.core.DatasetGraph;
import org.apache.jena.sparql.core.DatasetGraphFactory;
import org.apache.jena.sparql.core.Quad;
import org.apache.jena.system.Txn;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Random quads inserted and deleted, in trickle transactions and bulk loads; then every pattern
 * shape (each of g, s, p, o bound or not, 16 in all) over sampled terms must give exactly what
 * Jena's in-memory dataset gives for the same changes; and again after close and reopen.
 */
class DifferentialTest {
  @TempDir Path dir;

  private static Node randomNode(Random rnd, int kind) {
    return switch (kind) {
      case 0 -> NodeFactory.createURI("http://ex/r" + rnd.nextInt(60));
      case 1 ->
          NodeFactory.createLiteralDT(
              Integer.toString(rnd.nextInt(50) - 10), XSDDatatype.XSDinteger);
      case 2 -> NodeFactory.createLiteralString("text " + rnd.nextInt(40));
      case 3 ->
          NodeFactory.createLiteralLang("mot " + rnd.nextInt(10), rnd.nextBoolean() ? "fr" : "en");
      case 4 -> NodeFactory.createBlankNode("b" + rnd.nextInt(15));
      default ->
          NodeFactory.createLiteralDT("2020-01-" + (10 + rnd.nextInt(18)), XSDDatatype.XSDdate);
    };
  }

  private static Quad randomQuad(Random rnd) {
    Node g =
        rnd.nextInt(3) == 0
            ? Quad.defaultGraphIRI
            : NodeFactory.createURI("http://ex/g" + rnd.nextInt(5));
    Node s = rnd.nextInt(4) == 0 ? randomNode(rnd, 4) : randomNode(rnd, 0);
    Node p = NodeFactory.createURI("http://ex/p" + rnd.nextInt(8));
    Node o = randomNode(rnd, rnd.nextInt(6));
    return Quad.create(g, s, p, o);
  }

  @ParameterizedTest
  @ValueSource(ints = {1, 2, 3})
  void everyPatternShapeMatchesJenasInMemoryDataset(int seed) {
    Random rnd = new Random(seed);
    DatasetGraph oracle = DatasetGraphFactory.createTxnMem();
    Config config =
        Config.defaults().with("store.location", dir.resolve("s")).with("store.buffers", 256);
    Store store = Quarry.open(config);
    try {
      DatasetGraph dsg = store.dataset();
      for (int round = 0; round < 12; round++) {
        List<Quad> batch = new ArrayList<>();
        for (int i = 0; i < 150; i++) {
          batch.add(randomQuad(rnd));
        }
        if (round % 4 == 1) {
          try (Store.BulkLoad bulk = store.bulkLoad()) {
            batch.forEach(bulk::add);
            bulk.commit();
          }
        } else {
          Txn.executeWrite(dsg, () -> batch.forEach(dsg::add));
        }
        Txn.executeWrite(oracle, () -> batch.forEach(oracle::add));
        List<Quad> victims = new ArrayList<>();
        for (int i = 0; i < 60; i++) {
          victims.add(rnd.nextBoolean() ? batch.get(rnd.nextInt(batch.size())) : randomQuad(rnd));
        }
        Txn.executeWrite(dsg, () -> victims.forEach(dsg::delete));
        Txn.executeWrite(oracle, () -> victims.forEach(oracle::delete));
      }
      compareAllShapes(dsg, oracle, rnd);
      var report = store.check();
      assertTrue(report.sound(), () -> report.problems().toString());
      store.close();
      store = Quarry.open(config);
      compareAllShapes(store.dataset(), oracle, rnd);
      long quads = Txn.calculateRead(oracle, () -> (long) Iter.count(oracle.find()));
      assertEquals(quads, store.stats().quads());
    } finally {
      store.close();
    }
  }

  private static void compareAllShapes(DatasetGraph dsg, DatasetGraph oracle, Random rnd) {
    List<Quad> all = Txn.calculateRead(oracle, () -> Iter.toList(oracle.find()));
    for (int sample = 0; sample < 40; sample++) {
      Quad q = rnd.nextInt(5) == 0 ? randomQuad(rnd) : all.get(rnd.nextInt(all.size()));
      for (int shape = 0; shape < 16; shape++) {
        Node g = (shape & 8) != 0 ? q.getGraph() : Node.ANY;
        Node s = (shape & 4) != 0 ? q.getSubject() : Node.ANY;
        Node p = (shape & 2) != 0 ? q.getPredicate() : Node.ANY;
        Node o = (shape & 1) != 0 ? q.getObject() : Node.ANY;
        Set<Quad> want =
            Txn.calculateRead(oracle, () -> new HashSet<>(Iter.toList(oracle.find(g, s, p, o))));
        Set<Quad> got =
            Txn.calculateRead(dsg, () -> new HashSet<>(Iter.toList(dsg.find(g, s, p, o))));
        assertEquals(want, got, "pattern " + g + " " + s + " " + p + " " + o);
        Set<Quad> wantNg =
            Txn.calculateRead(oracle, () -> new HashSet<>(Iter.toList(oracle.findNG(g, s, p, o))));
        Set<Quad> gotNg =
            Txn.calculateRead(dsg, () -> new HashSet<>(Iter.toList(dsg.findNG(g, s, p, o))));
        assertEquals(wantNg, gotNg, "named graphs, pattern " + g + " " + s + " " + p + " " + o);
      }
    }
    Set<Node> wantGraphs =
        Txn.calculateRead(oracle, () -> new HashSet<>(Iter.toList(oracle.listGraphNodes())));
    Set<Node> gotGraphs =
        Txn.calculateRead(dsg, () -> new HashSet<>(Iter.toList(dsg.listGraphNodes())));
    assertEquals(wantGraphs, gotGraphs);
  }
}
