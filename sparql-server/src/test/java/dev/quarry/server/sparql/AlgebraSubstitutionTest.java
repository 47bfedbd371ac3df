package dev.quarry.server.sparql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.query.Query;
import org.apache.jena.query.QueryFactory;
import org.apache.jena.query.Syntax;
import org.apache.jena.sparql.algebra.Algebra;
import org.apache.jena.sparql.algebra.Op;
import org.apache.jena.sparql.graph.NodeTransform;
import org.apache.jena.sparql.graph.NodeTransformLib;
import org.junit.jupiter.api.Test;

/** The algebra's own substitution gives what Jena's generic transform gives, on every W3C query. */
class AlgebraSubstitutionTest {
  /** Every IRI and whole number another of the same kind; other terms as they are. */
  private static final NodeTransform OTHER =
      n -> {
        if (n.isURI()) {
          return NodeFactory.createURI(n.getURI() + "-other");
        }
        if (n.isLiteral() && n.getLiteralLexicalForm().matches("[0-9]+")) {
          return NodeFactory.createLiteralDT(
              n.getLiteralLexicalForm() + "0", n.getLiteralDatatype());
        }
        return n;
      };

  @Test
  void everyW3cQuerysAlgebraIsSubstitutedAsJenaDoes() throws IOException {
    List<Path> files = new ArrayList<>();
    try (Stream<Path> s = Files.walk(Path.of("src/test/resources/w3c"))) {
      s.filter(p -> p.toString().endsWith(".rq")).sorted().forEach(files::add);
    }
    int compared = 0;
    int changed = 0;
    int own = 0; // copied by the class itself, not handed to Jena's transform
    for (Path f : files) {
      Op op;
      try {
        Query q =
            QueryFactory.create(Files.readString(f), "http://example/base/", Syntax.syntaxARQ);
        op = Algebra.optimize(Algebra.compile(q));
      } catch (RuntimeException e) {
        continue; // a negative syntax test
      }
      Op jena = NodeTransformLib.transform(OTHER, op);
      Op mine = AlgebraSubstitution.apply(OTHER, op);
      assertEquals(jena, mine, f.toString());
      compared++;
      own += AlgebraSubstitution.ownCopy(OTHER, op) != null ? 1 : 0;
      changed += jena.equals(op) ? 0 : 1;
    }
    assertTrue(compared > 400, "queries compared: " + compared);
    assertTrue(changed > 300, "queries with constants changed: " + changed);
    assertTrue(own > compared / 2, "copied by the class itself: " + own + " of " + compared);
  }

  @Test
  void partsWithoutTheConstantsAreKept() {
    Query q =
        QueryFactory.create(
            """
            PREFIX ex: <http://ex.org/>
            SELECT ?s ?l WHERE {
              ?s ex:p ex:A . OPTIONAL { ?s ex:label ?l FILTER(lang(?l) = "en") }
              { ?s ex:q 1 } UNION { ?s ex:r 2 }
            } ORDER BY ?l LIMIT 3
            """);
    Op op = Algebra.optimize(Algebra.compile(q));
    Node a = NodeFactory.createURI("http://ex.org/A");
    Node b = NodeFactory.createURI("http://ex.org/B");
    Op none = AlgebraSubstitution.apply(n -> n, op);
    assertSame(op, none);
    Op withB = AlgebraSubstitution.apply(n -> n.equals(a) ? b : n, op);
    assertNotSame(op, withB);
    assertEquals(NodeTransformLib.transform(n -> n.equals(a) ? b : n, op), withB);
    assertTrue(withB.toString().contains("http://ex.org/B"), withB.toString());
  }
}
