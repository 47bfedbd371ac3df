package dev.quarry.core.query;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quarry.core.Quarry;
import dev.quarry.core.Store;
import java.io.StringReader;
import java.util.List;
import org.apache.jena.graph.Graph;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.rdf.model.Model;
import org.apache.jena.rdf.model.ModelFactory;
import org.apache.jena.riot.Lang;
import org.apache.jena.riot.RDFParser;
import org.apache.jena.sparql.ARQConstants;
import org.apache.jena.sparql.core.DatasetGraph;
import org.apache.jena.sparql.core.DatasetGraphFactory;
import org.apache.jena.sparql.core.describe.DescribeBNodeClosure;
import org.apache.jena.sparql.core.describe.DescribeHandler;
import org.apache.jena.sparql.core.describe.DescribeHandlerRegistry;
import org.apache.jena.sparql.util.Context;
import org.apache.jena.system.Txn;
import org.junit.jupiter.api.Test;

/**
 * Quarry's DESCRIBE handler gives what Jena's default handler gives: on Jena's own in-memory
 * dataset and on a Quarry store, for resources with blank-node chains, a blank-node cycle, named
 * graphs and none at all.
 */
class BlankNodeClosureDescribeTest {
  private static final String DATA =
      """
      @prefix ex: <http://ex/> .
      ex:a ex:p ex:b ; ex:q [ ex:r [ ex:s "deep" ] ] ; ex:cyc _:c1 .
      _:c1 ex:next _:c2 . _:c2 ex:next _:c1 .
      ex:b ex:p "b" .
      ex:g1 { ex:a ex:inG1 [ ex:t 1 ] . ex:z ex:p ex:a . }
      ex:g2 { ex:b ex:inG2 2 . }
      """;

  @Test
  void sameAsJenasHandlerOnJenaAndOnQuarry() {
    DatasetGraph jena = DatasetGraphFactory.createTxnMem();
    RDFParser.create().source(new StringReader(DATA)).lang(Lang.TRIG).parse(jena);
    try (Store store = Quarry.openMemory()) {
      assertTrue(
          DescribeHandlerRegistry.get().newHandlerList().stream()
              .allMatch(h -> h instanceof BlankNodeClosureDescribe),
          "a Quarry store makes this the process's DESCRIBE handler");
      DatasetGraph quarry = store.dataset();
      Txn.executeWrite(quarry, () -> jena.find().forEachRemaining(quarry::add));
      for (String r : List.of("http://ex/a", "http://ex/b", "http://ex/z", "http://ex/none")) {
        Graph expected = describe(new DescribeBNodeClosure(), jena, r);
        Graph onJena = describe(new BlankNodeClosureDescribe(), jena, r);
        Graph onQuarry =
            Txn.calculateRead(quarry, () -> describe(new BlankNodeClosureDescribe(), quarry, r));
        assertTrue(expected.isIsomorphicWith(onJena), r + " on Jena's dataset");
        assertTrue(expected.isIsomorphicWith(onQuarry), r + " on Quarry");
        if (r.endsWith("/a")) {
          assertFalse(expected.isEmpty());
          assertTrue(expected.size() >= 8, "chains, cycle and graph g1: " + expected.size());
        }
      }
    }
  }

  private static Graph describe(DescribeHandler h, DatasetGraph dsg, String iri) {
    Model acc = ModelFactory.createDefaultModel();
    Context cxt = new Context();
    cxt.set(ARQConstants.sysCurrentDataset, dsg);
    h.start(acc, cxt);
    h.describe(acc.wrapAsResource(NodeFactory.createURI(iri)));
    h.finish();
    return acc.getGraph();
  }
}
