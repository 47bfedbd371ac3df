package dev.quarry.rdf4j;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quarry.core.Quarry;
import dev.quarry.core.Store;
import dev.quarry.core.config.Config;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.eclipse.rdf4j.model.IRI;
import org.eclipse.rdf4j.model.Literal;
import org.eclipse.rdf4j.model.Statement;
import org.eclipse.rdf4j.model.Triple;
import org.eclipse.rdf4j.model.Value;
import org.eclipse.rdf4j.model.ValueFactory;
import org.eclipse.rdf4j.model.vocabulary.RDF;
import org.eclipse.rdf4j.query.BindingSet;
import org.eclipse.rdf4j.query.TupleQueryResult;
import org.eclipse.rdf4j.repository.RepositoryConnection;
import org.eclipse.rdf4j.repository.RepositoryResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * RDF 1.2 through the RDF4J Repository: triple terms are RDF4J {@link Triple} values both ways
 * (added, read back, matched as a statement's object, removed), a SPARQL 1.2 query with a triple
 * term pattern answers with them, and a literal's base direction, which RDF4J 5 cannot model, comes
 * back as it went in through a language tag that carries it ({@code ar--rtl}).
 */
@Timeout(120)
class TripleTermsRepositoryTest {
  @TempDir Path dir;

  @Test
  void tripleTermsAndDirectionsGoInAndComeBack() {
    Store store = Quarry.open(Config.defaults().with("store.location", dir.resolve("s")));
    QuarryRepository repo = new QuarryRepository(store);
    repo.init();
    try (RepositoryConnection con = repo.getConnection()) {
      ValueFactory vf = con.getValueFactory();
      IRI review = vf.createIRI("http://ex/review1");
      IRI reviewFor = vf.createIRI("http://ex/reviewFor");
      IRI product = vf.createIRI("http://ex/product1");
      IRI reifier = vf.createIRI("http://ex/r1");
      IRI said = vf.createIRI("http://ex/said");
      IRI reifies = vf.createIRI(RDF.NAMESPACE + "reifies"); // RDF4J 5 names none
      Triple term = vf.createTriple(review, reviewFor, product);
      Literal arabic = vf.createLiteral("نعم", "ar--rtl");
      con.add(review, reviewFor, product);
      con.add(reifier, reifies, term);
      con.add(reifier, said, arabic);
      con.add(vf.createIRI("http://ex/c"), reifies, vf.createTriple(reifier, said, term));

      // Read back: the same values.
      List<Statement> got = new ArrayList<>();
      try (RepositoryResult<Statement> r = con.getStatements(reifier, null, null)) {
        r.forEach(got::add);
      }
      assertEquals(2, got.size(), got.toString());
      assertTrue(got.stream().anyMatch(st -> st.getObject().equals(term)), got.toString());
      assertTrue(got.stream().anyMatch(st -> st.getObject().equals(arabic)), got.toString());
      // A triple term as the object to match.
      assertTrue(con.hasStatement(null, reifies, term, false));
      assertFalse(
          con.hasStatement(null, reifies, vf.createTriple(review, reviewFor, reifier), false));

      // A SPARQL 1.2 pattern with a triple term, answered with RDF4J values.
      String q =
          "PREFIX : <http://ex/> SELECT ?review ?said ?t { ?r rdf:reifies ?t ."
              + " << ?review :reviewFor :product1 ~ ?r >> :said ?said }";
      List<BindingSet> rows = new ArrayList<>();
      try (TupleQueryResult r =
          con.prepareTupleQuery("PREFIX rdf: <http://www.w3.org/1999/02/22-rdf-syntax-ns#> " + q)
              .evaluate()) {
        r.forEach(rows::add);
      }
      assertEquals(1, rows.size(), rows.toString());
      assertEquals(review, rows.get(0).getValue("review"));
      assertEquals(arabic, rows.get(0).getValue("said"));
      Value t = rows.get(0).getValue("t");
      assertEquals(term, t);

      // The base direction reached the store as a direction, not as part of the tag.
      try (TupleQueryResult r =
          con.prepareTupleQuery(
                  "SELECT ?l ?d { ?s <http://ex/said> ?l BIND(LANG(?l) AS ?d)"
                      + " FILTER(LANGDIR(?l) = \"rtl\") }")
              .evaluate()) {
        BindingSet b = r.next();
        assertEquals("ar", b.getValue("d").stringValue());
      }

      con.remove(reifier, reifies, term);
      assertFalse(con.hasStatement(reifier, reifies, term, false));
      assertTrue(con.hasStatement(review, reviewFor, product, false), "the asserted one stays");
    } finally {
      repo.shutDown();
      store.close();
    }
  }
}
