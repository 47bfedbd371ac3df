package dev.quarry.core.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quarry.core.Quarry;
import dev.quarry.core.Store;
import dev.quarry.core.config.Config;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.nio.file.Path;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.sparql.core.DatasetGraph;
import org.apache.jena.sparql.core.Quad;
import org.apache.jena.system.Txn;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The term file's reads are counted on /metrics: a store reopened with empty term caches reads a
 * long literal from the file when a query decodes it, and the bytes counted cover the literal.
 */
class TermFileReadsTest {
  @TempDir Path dir;

  @Test
  void decodingATermAfterReopenReadsTheFileAndCountsIt() {
    Config config =
        Config.defaults().with("store.location", dir.resolve("s")).with("store.buffers", 512);
    String text = "a review text long enough to live in the term file ".repeat(40);
    Node s = NodeFactory.createURI("http://ex/review1");
    Node p = NodeFactory.createURI("http://ex/text");
    try (Store store = Quarry.open(config)) {
      DatasetGraph dsg = store.dataset();
      Txn.executeWrite(
          dsg, () -> dsg.add(Quad.defaultGraphIRI, s, p, NodeFactory.createLiteralString(text)));
    }
    try (Store store = Quarry.open(config)) {
      SimpleMeterRegistry registry = new SimpleMeterRegistry();
      store.bindTo(registry);
      double reads = count(registry, "quarry.terms.file.reads");
      double bytes = count(registry, "quarry.terms.file.read.bytes");
      DatasetGraph dsg = store.dataset();
      String found =
          Txn.calculateRead(
              dsg, () -> dsg.find(null, s, p, null).next().getObject().getLiteralLexicalForm());
      assertEquals(text, found);
      assertTrue(count(registry, "quarry.terms.file.reads") > reads, "a read of the file counted");
      assertTrue(
          count(registry, "quarry.terms.file.read.bytes") - bytes >= text.length(),
          "the literal's bytes counted");
    }
  }

  private static double count(SimpleMeterRegistry registry, String name) {
    return registry.get(name).functionCounter().count();
  }
}
