package dev.quarry.core.query;

import static dev.quarry.core.query.TwinStores.iri;
import static dev.quarry.core.query.TwinStores.number;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.sparql.core.Quad;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Triple terms with variables inside patterns (RDF 1.2 reifiers and annotations) run on Quarry's
 * executor, packed or unpacked on ids, with ARQ's answers: in object position, nested, repeated
 * variables, in named graphs, with the term's parts bound first or its reifier first, and against
 * terms the query makes itself (VALUES).
 */
class TripleTermPatternTest {
  private static final String PREFIX =
      "PREFIX ex: <http://ex/> PREFIX rdf: <http://www.w3.org/1999/02/22-rdf-syntax-ns#> ";
  private static TwinStores twins;

  @BeforeAll
  static void load() {
    Random rnd = new Random(12);
    List<Quad> quads = new ArrayList<>();
    Node reifies = NodeFactory.createURI("http://www.w3.org/1999/02/22-rdf-syntax-ns#reifies");
    Node g = Quad.defaultGraphIRI;
    for (int i = 0; i < 400; i++) {
      Node review = iri("review" + i);
      Node product = iri("product" + i % 40);
      Node person = iri("person" + rnd.nextInt(30));
      Node said = NodeFactory.createTripleTerm(review, iri("reviewFor"), product);
      Node reifier = iri("r" + i);
      // Annotated: asserted, and reified with who wrote it and a rating.
      quads.add(Quad.create(g, review, iri("reviewFor"), product));
      quads.add(Quad.create(g, reifier, reifies, said));
      quads.add(Quad.create(g, reifier, iri("reviewer"), person));
      quads.add(Quad.create(g, reifier, iri("rating"), number(rnd.nextInt(10))));
      if (i % 7 == 0) {
        // A claim about a claim: nested, not asserted, in a named graph.
        Node claim = iri("c" + i);
        quads.add(
            Quad.create(
                iri("g" + i % 3),
                claim,
                reifies,
                NodeFactory.createTripleTerm(person, iri("says"), said)));
        quads.add(Quad.create(iri("g" + i % 3), claim, iri("source"), iri("src" + i % 4)));
      }
      if (i % 11 == 0) {
        // A term whose subject and object are the same.
        quads.add(
            Quad.create(
                g,
                iri("loop" + i),
                reifies,
                NodeFactory.createTripleTerm(person, iri("knows"), person)));
      }
    }
    twins = new TwinStores(quads);
  }

  @AfterAll
  static void close() {
    if (twins != null) {
      twins.close();
    }
  }

  private static String onIds(String query) {
    String plan = twins.explainAnswered(PREFIX + query);
    assertTrue(plan.contains("Every operator ran on Quarry's id executor"), plan);
    return plan;
  }

  @Test
  void aReifiedTripleWithItsPartsFreeIsUnpacked() {
    String plan =
        onIds(
            "SELECT ?review ?product ?who { << ?review ex:reviewFor ?product >> ex:reviewer ?who }");
    assertTrue(plan.contains("unpack"), plan);
  }

  @Test
  void anAnnotationStartsFromTheAssertedTripleAndPacksTheTerm() {
    // The asserted triple of one product binds the term's parts: the term is found by them, and
    // its reifiers by the object index, not by reading every rdf:reifies.
    String plan =
        onIds(
            "SELECT ?review ?who ?stars { VALUES ?p { ex:product7 } ?review ex:reviewFor ?p"
                + " {| ex:reviewer ?who ; ex:rating ?stars |} }");
    assertTrue(plan.contains("pack ?"), plan);
    assertFalse(plan.contains("unpack"), plan);
    // With the product a constant, its terms are listed by their parts at once.
    plan = onIds("SELECT ?review ?who { ?review ex:reviewFor ex:product7 {| ex:reviewer ?who |} }");
    assertTrue(plan.contains("find (10 terms)"), plan);
  }

  @Test
  void aReifierWhoseTripleIsNotMatchedIsFoundByTheTermsParts() {
    // Neither the triple nor the reifier is bound first: the terms with this predicate and
    // object are listed by their part rows, not every rdf:reifies read.
    String plan =
        onIds("SELECT ?review ?who { << ?review ex:reviewFor ex:product3 >> ex:reviewer ?who }");
    assertTrue(plan.contains("find (10 terms)"), plan);
    plan = onIds("SELECT ?r ?p { ?r rdf:reifies <<( ex:review3 ex:reviewFor ?p )>> }");
    assertTrue(plan.contains("find (1 terms)"), plan);
  }

  @Test
  void constantsInsideTheTermFilterUnpackedRows() {
    onIds("SELECT ?r ?review { ?r rdf:reifies <<( ?review ex:reviewFor ex:product3 )>> }");
    onIds("SELECT ?r { ?r rdf:reifies <<( ?who ex:knows ?who )>> }");
    onIds("SELECT (COUNT(*) AS ?n) { ?r rdf:reifies <<( ?a ?p ?b )>> }");
  }

  @Test
  void nestedTermsInNamedGraphs() {
    onIds(
        "SELECT ?g ?who ?review ?src { GRAPH ?g { ?c rdf:reifies <<( ?who ex:says <<( ?review"
            + " ex:reviewFor ?product )>> )>> ; ex:source ?src } }");
    onIds(
        "SELECT ?who ?stars { GRAPH ?g { ?c rdf:reifies <<( ?who ex:says ?said )>> }"
            + " ?r rdf:reifies ?said ; ex:rating ?stars }");
    onIds(
        "SELECT ?c { GRAPH <http://ex/g1> { ?c rdf:reifies <<( ?who ex:says <<( ex:review7"
            + " ex:reviewFor ?product )>> )>> } }");
  }

  @Test
  void termsOfTheQueryMatchStoredOnes() {
    onIds(
        "SELECT ?t ?review { VALUES ?t { <<( ex:review1 ex:reviewFor ex:product1 )>>"
            + " <<( ex:review2 ex:reviewFor ex:product9 )>> } ?r rdf:reifies ?t ."
            + " ?r rdf:reifies <<( ?review ex:reviewFor ?p )>> }");
    // TRIPLE() makes a term of the query's; unpacking it needs no stored record.
    twins.sameAnswers(
        PREFIX
            + "SELECT ?s ?o { ?x ex:reviewFor ?y BIND(TRIPLE(?x, ex:said, ?y) AS ?t)"
            + " VALUES (?s ?o) { (ex:review1 ex:product1) } FILTER(SUBJECT(?t) = ?s) }");
  }

  @Test
  void aTermThatIsNotThereMatchesNothing() {
    assertEquals(
        0,
        twins
            .sameAnswers(
                PREFIX
                    + "SELECT ?r { ?r rdf:reifies <<( ?review ex:reviewFor ex:noSuchProduct )>> }")
            .size());
    assertEquals(
        0,
        twins
            .sameAnswers(
                PREFIX
                    + "SELECT ?r { ex:review1 ex:reviewFor ?p ."
                    + " ?r rdf:reifies <<( ex:review1 ex:reviewedBy ?p )>> }")
            .size());
  }

  @Test
  void tripleFunctionsAnswerFromTheTermsRecords() {
    // isTRIPLE in a filter and SUBJECT/PREDICATE/OBJECT in a BIND, on stored terms and on
    // terms of the query's own, against ARQ.
    onIds(
        "SELECT ?r ?s ?p ?o { ?r ?q ?t FILTER(isTRIPLE(?t))"
            + " BIND(SUBJECT(?t) AS ?s) BIND(PREDICATE(?t) AS ?p) BIND(OBJECT(?t) AS ?o) }");
    onIds("SELECT ?r ?x { ?r ex:reviewer ?x FILTER(!isTRIPLE(?x)) }");
    onIds(
        "SELECT ?s ?inner { GRAPH ?g { ?c rdf:reifies ?t } BIND(OBJECT(?t) AS ?said)"
            + " BIND(SUBJECT(?said) AS ?s) BIND(OBJECT(?said) AS ?inner) FILTER(isTRIPLE(?said)) }");
    onIds(
        "SELECT ?x ?bad { ?x ex:reviewFor ?y BIND(SUBJECT(?y) AS ?bad)"
            + " BIND(SUBJECT(TRIPLE(?x, ex:p, ?y)) AS ?ok) FILTER(?ok = ?x) }");
  }
}
