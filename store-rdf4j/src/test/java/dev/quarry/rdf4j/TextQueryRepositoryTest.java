package dev.quarry.rdf4j;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quarry.core.Quarry;
import dev.quarry.core.Store;
import dev.quarry.core.config.Config;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.eclipse.rdf4j.model.ValueFactory;
import org.eclipse.rdf4j.model.vocabulary.RDFS;
import org.eclipse.rdf4j.query.QueryEvaluationException;
import org.eclipse.rdf4j.query.TupleQueryResult;
import org.eclipse.rdf4j.repository.RepositoryConnection;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Jena's text:query through the RDF4J Repository API, on a store with its text index: the same
 * property function as over HTTP, run by Quarry's executor.
 */
@Timeout(120)
class TextQueryRepositoryTest {
  @TempDir Path dir;

  @Test
  void textQueryRunsThroughTheRepository() {
    Store store =
        Quarry.open(
            Config.defaults().with("store.location", dir.resolve("s")).with("text.enabled", true));
    QuarryRepository repo = new QuarryRepository(store);
    repo.init();
    try (RepositoryConnection con = repo.getConnection()) {
      ValueFactory vf = con.getValueFactory();
      con.add(vf.createIRI("http://ex/boot"), RDFS.LABEL, vf.createLiteral("Waterproof boots"));
      con.add(vf.createIRI("http://ex/hat"), RDFS.LABEL, vf.createLiteral("Sun hat", "en"));
      String q =
          "PREFIX text: <http://jena.apache.org/text#> "
              + "PREFIX rdfs: <http://www.w3.org/2000/01/rdf-schema#> "
              + "SELECT ?s ?score { (?s ?score) text:query (rdfs:label \"waterproof\") }";
      List<String> found = new ArrayList<>();
      try (TupleQueryResult r = con.prepareTupleQuery(q).evaluate()) {
        r.forEach(b -> found.add(b.getValue("s").stringValue()));
      }
      assertEquals(List.of("http://ex/boot"), found);
      String bad =
          "PREFIX text: <http://jena.apache.org/text#> SELECT ?s { ?s text:query \"a AND (\" }";
      try {
        con.prepareTupleQuery(bad).evaluate().close();
        throw new AssertionError("a query that does not parse as Lucene's was answered");
      } catch (QueryEvaluationException | org.apache.jena.query.QueryException e) {
        assertTrue(String.valueOf(e.getMessage()).contains("cannot parse"), e.toString());
      }
    } finally {
      repo.shutDown();
      store.close(); // harmless if the repository closed it
    }
  }
}
