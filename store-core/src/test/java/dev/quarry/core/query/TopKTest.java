package dev.quarry.core.query;

import static dev.quarry.core.query.TwinStores.iri;
import static dev.quarry.core.query.TwinStores.number;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.apache.jena.sparql.core.DatasetGraph;
import org.apache.jena.sparql.core.Quad;
import org.apache.jena.sparql.exec.QueryExec;
import org.apache.jena.system.Txn;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * ORDER BY with LIMIT keeps the best rows in a heap; its rows are exactly the first rows of the
 * full (stable) sort, ties at the cut included: a row that ties the worst kept one came later and
 * stays out.
 */
class TopKTest {
  private static final String PREFIX = "PREFIX ex: <http://ex/> ";
  private static TwinStores twins;

  @BeforeAll
  static void load() {
    List<Quad> quads = new ArrayList<>();
    for (int i = 0; i < 500; i++) {
      quads.add(Quad.create(Quad.defaultGraphIRI, iri("x" + i), iri("k"), number(i % 5)));
      quads.add(Quad.create(Quad.defaultGraphIRI, iri("x" + i), iri("j"), number(i % 3)));
    }
    twins = new TwinStores(quads);
  }

  @AfterAll
  static void close() {
    twins.close();
  }

  private static List<String> rows(String query) {
    DatasetGraph dsg = twins.store().dataset();
    return Txn.calculateRead(
        dsg,
        () -> {
          List<String> out = new ArrayList<>();
          QueryExec.dataset(dsg)
              .query(PREFIX + query)
              .select()
              .forEachRemaining(b -> out.add(b.toString()));
          return out;
        });
  }

  @Test
  void aTopKIsTheFullSortsFirstRowsTiesIncluded() {
    for (String order : List.of("?k", "DESC(?k)", "?j DESC(?k)", "DESC(?j) ?k")) {
      String body = "SELECT ?x ?k ?j { ?x ex:k ?k ; ex:j ?j } ORDER BY " + order;
      List<String> all = rows(body);
      assertEquals(500, all.size());
      for (int limit : new int[] {1, 37, 100, 250}) {
        String plan = twins.explain(PREFIX + body + " LIMIT " + limit);
        assertTrue(plan.contains("top " + limit), plan);
        assertEquals(all.subList(0, limit), rows(body + " LIMIT " + limit), order + " " + limit);
      }
    }
  }
}
