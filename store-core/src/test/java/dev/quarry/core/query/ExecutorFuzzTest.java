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
 * The executor against ARQ on queries the fuzzer composes (patterns with constants and property
 * paths, OPTIONAL, UNION, MINUS, FILTER and EXISTS, BIND, DISTINCT, GROUP BY with aggregates, ORDER
 * BY), over one small graph: whatever ARQ answers (its algebra as written, without its optimiser:
 * {@link TwinStores#referenceAnswers}), Quarry must answer the same, as multisets; a query ARQ
 * itself refuses is skipped. Seeds and findings are in the test resources; {@code JAZZER_FUZZ=1}
 * fuzzes (docs/FUZZING.md).
 */
class ExecutorFuzzTest {
  private static final List<Quad> DATA = data(new Random(5));
  private static final TwinStores QUARRY = new TwinStores(DATA);

  private static List<Quad> data(Random rnd) {
    List<Quad> quads = new ArrayList<>();
    for (int i = 0; i < 250; i++) {
      Node o =
          switch (rnd.nextInt(5)) {
            case 0 ->
                NodeFactory.createLiteralDT(
                    Integer.toString(rnd.nextInt(6)), XSDDatatype.XSDinteger);
            case 1 -> NodeFactory.createLiteralString("s" + rnd.nextInt(4));
            case 2 -> NodeFactory.createLiteralDT(rnd.nextInt(6) + ".5", XSDDatatype.XSDdecimal);
            default -> node(rnd.nextInt(15));
          };
      Node g = rnd.nextInt(4) == 0 ? NodeFactory.createURI("http://ex/g") : Quad.defaultGraphIRI;
      quads.add(Quad.create(g, node(rnd.nextInt(15)), pred(rnd.nextInt(3)), o));
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
    Map<Map<String, Node>, Integer> want = QUARRY.reference(query, Syntax.defaultQuerySyntax);
    if (want != null) {
      assertEquals(want, QUARRY.quarry(query), query);
    }
  }

  /** Builds a query from the fuzzer's choices. */
  private static final class QueryMaker {
    private static final String[] VARS = {"?a", "?b", "?c", "?d"};
    private final FuzzedDataProvider data;
    private int inExists; // the depth of EXISTS groups being made
    private int binds; // BINDs made: each names a variable of its own

    QueryMaker(FuzzedDataProvider data) {
      this.data = data;
    }

    String query() {
      String where = group(2);
      return switch (data.consumeInt(0, 4)) {
        case 0 -> "SELECT DISTINCT * { " + where + " }";
        case 1 -> {
          String v = var();
          yield "SELECT "
              + v
              + " (COUNT(*) AS ?n) (MIN("
              + var()
              + ") AS ?m) (COUNT(DISTINCT "
              + var()
              + ") AS ?k) { "
              + where
              + " } GROUP BY "
              + v;
        }
        case 2 -> "SELECT * { " + where + " } ORDER BY " + var() + " DESC(" + var() + ")";
        default -> "SELECT * { " + where + " }";
      };
    }

    private String group(int depth) {
      StringBuilder g = new StringBuilder(pattern());
      int parts = data.consumeInt(0, 3);
      for (int i = 0; i < parts; i++) {
        g.append(part(depth));
      }
      return g.toString();
    }

    private String part(int depth) {
      int kind = data.consumeInt(0, depth > 0 ? 9 : 3);
      return switch (kind) {
        case 0, 1 -> pattern();
        case 2 -> "FILTER(" + expr() + ") ";
        // Each BIND names a variable of its own: SPARQL forbids a BIND to a variable already in
        // scope (ARQ's parser lets some through, inside EXISTS), and inside EXISTS one the outer
        // row binds, since ARQ substitutes the row first (SPARQL 1.1's EXISTS leaves it undefined).
        // (The choice of a name is still read, so that the inputs kept make the queries they made.)
        case 3 ->
            "BIND("
                + expr()
                + " AS ?"
                + (inExists > 0 ? "x" : "e")
                + (binds++ + 0 * data.consumeInt(0, 1))
                + ") ";
        case 4 -> "OPTIONAL { " + group(depth - 1) + "} ";
        case 5 -> "{ " + group(depth - 1) + "} UNION { " + group(depth - 1) + "} ";
        case 6 -> "MINUS { " + group(depth - 1) + "} ";
        case 7 -> "FILTER NOT EXISTS { " + existsGroup(depth - 1) + "} ";
        case 8 -> "FILTER EXISTS { " + existsGroup(depth - 1) + "} ";
        default ->
            "GRAPH " + (data.consumeBoolean() ? "?g" : "<http://ex/g>") + " { " + pattern() + "} ";
      };
    }

    private String existsGroup(int depth) {
      inExists++;
      try {
        return group(depth);
      } finally {
        inExists--;
      }
    }

    private String pattern() {
      return term() + " " + predicate() + " " + term() + " . ";
    }

    private String predicate() {
      // No p*: zero-length routes between two variables differ by design where ARQ substitutes a
      // value first (`?b p* ?a` joined with ?a = <p0>, a term that is no node of the graph: ARQ
      // gives ?b = <p0>, SPARQL's union-then-join none; Quarry answers as SPARQL does).
      // Inside EXISTS a variable predicate is one no other position binds: ARQ substitutes the
      // row's values into the pattern first, and a literal in predicate position makes its
      // evaluation fail and the FILTER drop the row, where the pattern simply has no match.
      return switch (data.consumeInt(0, 5)) {
        case 0 -> inExists > 0 ? "?q" : var();
        case 1 -> "<http://ex/p" + data.consumeInt(0, 3) + ">+";
        case 2 ->
            "(<http://ex/p"
                + data.consumeInt(0, 3)
                + ">|^<http://ex/p"
                + data.consumeInt(0, 3)
                + ">)";
        case 3 ->
            "<http://ex/p" + data.consumeInt(0, 3) + ">/<http://ex/p" + data.consumeInt(0, 3) + ">";
        default -> "<http://ex/p" + data.consumeInt(0, 3) + ">";
      };
    }

    private String term() {
      return switch (data.consumeInt(0, 5)) {
        case 0 -> "<http://ex/n" + data.consumeInt(0, 16) + ">";
        case 1 -> Integer.toString(data.consumeInt(0, 6));
        default -> var();
      };
    }

    private String var() {
      return VARS[data.consumeInt(0, VARS.length - 1)];
    }

    private String expr() {
      String v = var();
      return switch (data.consumeInt(0, 8)) {
        case 0 -> v + " > " + data.consumeInt(0, 6);
        case 1 -> v + " = " + var();
        case 2 -> "isIRI(" + v + ")";
        case 3 -> "BOUND(" + v + ")";
        case 4 -> "STRLEN(STR(" + v + ")) > " + data.consumeInt(0, 20);
        case 5 -> v + " + 1 < " + data.consumeInt(0, 8);
        case 6 -> "!(" + v + " != <http://ex/n" + data.consumeInt(0, 16) + ">)";
        case 7 -> "COALESCE(" + v + ", 0) <= " + data.consumeInt(0, 6);
        default -> "isLiteral(" + v + ") && " + v + " >= \"s1\"";
      };
    }
  }
}
