package dev.quarry.core.query;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.apache.jena.query.QueryFactory;
import org.apache.jena.sparql.algebra.Algebra;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Which joins ARQ may run by substitution: BSBM's OPTIONALs must keep it (they are looked up per
 * left row), the shapes whose right side reads or hides a left variable must not (OptionalScopeTest
 * checks their answers).
 */
class SubstitutionSafetyTest {
  private static final String PREFIX = "PREFIX : <http://ex/> ";

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        // BSBM Explore Q3, Q7 and Q8's optionals.
        "false | SELECT * { ?p :label ?l . ?p :f :f1 OPTIONAL { ?p :f :f2 . ?p :label ?t } FILTER(!bound(?t)) }",
        "false | SELECT * { :p :label ?l OPTIONAL { ?o :product :p . ?o :price ?x FILTER(?x > 3) }"
            + " OPTIONAL { ?r :for :p . ?r :by ?u OPTIONAL { ?r :rating1 ?a } OPTIONAL { ?r :rating2 ?b } } }",
        "false | SELECT * { ?r :for :p . ?r :text ?t FILTER(lang(?t) = 'en') OPTIONAL { ?r :rating1 ?a } }",
        "false | SELECT * { ?x :n ?n OPTIONAL { ?x :p ?y BIND(STR(?y) AS ?s) } }",
        "false | SELECT * { ?x :n ?n OPTIONAL { ?x :p ?y { SELECT ?y { ?y :q ?z } ORDER BY ?z } } }",
        "true | SELECT * { ?x :p ?y OPTIONAL { ?y :q ?z BIND(STR(?x) AS ?s) ?y :r ?x } }",
        "true | SELECT * { ?x :n ?n OPTIONAL { ?x :p ?y BIND(?n + 1 AS ?s) } }",
        "true | SELECT * { ?x :n ?n OPTIONAL { ?x :p ?y { ?y :q ?z FILTER(?n < 2) } } }",
        "true | SELECT * { ?x :n ?n OPTIONAL { ?x :p ?y OPTIONAL { ?y :r ?n } } }",
        "true | SELECT * { ?x :n ?n OPTIONAL { ?x :p ?y MINUS { ?y :q ?n } } }",
        "true | SELECT * { ?x :n ?n { ?x :p ?y { SELECT ?y { ?y :q ?n } } } }",
        "true | SELECT * { ?x :n ?n { ?x :p ?y { SELECT ?y (COUNT(?n) AS ?c) { ?y :q ?n } GROUP BY ?y } } }",
        "true | SELECT * { ?x :n ?y { ?x :p ?y { SELECT ?y { ?y :q ?z } LIMIT 2 } } }",
      })
  void substitutionIsRefusedWhereTheRightSideReadsOrHidesALeftVariable(
      boolean changes, String body) {
    var op = Algebra.compile(QueryFactory.create(PREFIX + body));
    assertEquals(changes, SubstitutionSafety.substitutionChangesAnswers(op), body);
  }
}
