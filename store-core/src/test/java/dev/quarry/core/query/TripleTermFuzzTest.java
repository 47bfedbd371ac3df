package dev.quarry.core.query;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.jena.datatypes.xsd.XSDDatatype;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.query.Syntax;
import org.apache.jena.sparql.core.Quad;
import org.junit.jupiter.api.AfterAll;

/**
 * Triple-term patterns (packed and unpacked on ids, nested, repeated variables, reified triples and
 * annotations, in GRAPH, OPTIONAL and UNION) and the triple functions against ARQ, on a small graph
 * of reifiers, asserted and unasserted triples and nested terms: Quarry answers as ARQ does (its
 * algebra as written, {@link TwinStores#referenceAnswers}). Fuzzed by hand like {@link
 * ExecutorFuzzTest}: {@code JAZZER_FUZZ=1 ./mvnw test -pl store-core -Dtest=TripleTermFuzzTest}.
 */
class TripleTermFuzzTest {
  private static final String RDF = "http://www.w3.org/1999/02/22-rdf-syntax-ns#";
  private static final List<Quad> DATA = data(new Random(12));
  private static final TwinStores QUARRY = new TwinStores(DATA);

  private static List<Quad> data(Random rnd) {
    List<Quad> quads = new ArrayList<>();
    Node reifies = NodeFactory.createURI(RDF + "reifies");
    for (int i = 0; i < 200; i++) {
      Node g = rnd.nextInt(4) == 0 ? NodeFactory.createURI("http://ex/g") : Quad.defaultGraphIRI;
      Node s = node(rnd.nextInt(8));
      Node p = pred(rnd.nextInt(3));
      Node o =
          switch (rnd.nextInt(4)) {
            case 0 ->
                NodeFactory.createLiteralDT(
                    Integer.toString(rnd.nextInt(4)), XSDDatatype.XSDinteger);
            case 1 -> NodeFactory.createLiteralDirLang("t" + rnd.nextInt(3), "en", "ltr");
            default -> node(rnd.nextInt(8));
          };
      if (rnd.nextBoolean()) {
        quads.add(Quad.create(g, s, p, o)); // asserted
      }
      Node term = NodeFactory.createTripleTerm(s, p, o);
      if (rnd.nextInt(4) == 0) {
        term = NodeFactory.createTripleTerm(node(rnd.nextInt(8)), pred(3), term); // nested
      }
      Node r = NodeFactory.createURI("http://ex/r" + rnd.nextInt(60));
      quads.add(Quad.create(g, r, reifies, term));
      quads.add(Quad.create(g, r, pred(4), node(rnd.nextInt(8))));
    }
    return quads;
  }

  private static Node node(int i) {
    return NodeFactory.createURI("http://ex/n" + i);
  }

  private static Node pred(int i) {
    return NodeFactory.createURI("http://ex/p" + i);
  }

  @AfterAll
  static void close() {
    QUARRY.close();
  }

  @FuzzTest(maxDuration = "30s")
  void quarryAnswersAsArqDoes(FuzzedDataProvider data) {
    String query = new QueryMaker(data).query();
    Map<Map<String, Node>, Integer> want = QUARRY.reference(query, Syntax.syntaxSPARQL_12);
    if (want != null) {
      assertEquals(want, QUARRY.quarry(query), query);
    }
  }

  /** Builds a query from the fuzzer's choices. */
  private static final class QueryMaker {
    private static final String[] VARS = {"?a", "?b", "?c", "?d"};
    private final FuzzedDataProvider data;
    private int binds;

    QueryMaker(FuzzedDataProvider data) {
      this.data = data;
    }

    String query() {
      String where = group(2);
      return data.consumeBoolean()
          ? "PREFIX rdf: <" + RDF + "> SELECT * { " + where + " }"
          : "PREFIX rdf: <" + RDF + "> SELECT DISTINCT * { " + where + " }";
    }

    private String group(int depth) {
      StringBuilder g = new StringBuilder(pattern(2));
      int parts = data.consumeInt(0, 3);
      for (int i = 0; i < parts; i++) {
        g.append(part(depth));
      }
      return g.toString();
    }

    private String part(int depth) {
      return switch (data.consumeInt(0, depth > 0 ? 6 : 3)) {
        case 0 -> "FILTER(isTRIPLE(" + var() + ")) ";
        case 1 -> {
          String fn = new String[] {"SUBJECT", "PREDICATE", "OBJECT"}[data.consumeInt(0, 2)];
          yield "BIND(" + fn + "(" + var() + ") AS ?x" + binds++ + ") ";
        }
        case 4 -> "OPTIONAL { " + group(depth - 1) + "} ";
        case 5 -> "{ " + group(depth - 1) + "} UNION { " + group(depth - 1) + "} ";
        case 6 -> "GRAPH <http://ex/g> { " + group(depth - 1) + "} ";
        default -> pattern(2);
      };
    }

    /** A triple pattern, a reified triple or an annotated one. */
    private String pattern(int depth) {
      return switch (data.consumeInt(0, 5)) {
        case 0 ->
            "<< "
                + term(depth - 1)
                + " "
                + predicate()
                + " "
                + term(depth - 1)
                + " >> "
                + "<http://ex/p4> "
                + term(0)
                + " . ";
        case 1 ->
            term(0)
                + " "
                + predicate()
                + " "
                + term(0)
                + " {| <http://ex/p4> "
                + term(0)
                + " |} . ";
        case 2 -> "?r" + data.consumeInt(0, 1) + " rdf:reifies " + tripleTerm(depth) + " . ";
        default -> term(depth) + " " + predicate() + " " + term(depth) + " . ";
      };
    }

    private String tripleTerm(int depth) {
      return "<<( " + term(depth - 1) + " " + predicate() + " " + term(depth - 1) + " )>>";
    }

    private String predicate() {
      return switch (data.consumeInt(0, 4)) {
        case 0 -> var();
        case 1 -> "rdf:reifies";
        default -> "<http://ex/p" + data.consumeInt(0, 4) + ">";
      };
    }

    private String term(int depth) {
      return switch (data.consumeInt(0, 5)) {
        case 0 -> "<http://ex/n" + data.consumeInt(0, 8) + ">";
        case 1 -> Integer.toString(data.consumeInt(0, 4));
        case 2 -> depth > 0 ? tripleTerm(depth) : var();
        default -> var();
      };
    }

    private String var() {
      return VARS[data.consumeInt(0, VARS.length - 1)];
    }
  }
}
