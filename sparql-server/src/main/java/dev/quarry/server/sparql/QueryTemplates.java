package dev.quarry.server.sparql;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.LongAdder;
import org.apache.jena.datatypes.xsd.XSDDatatype;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.irix.IRIx;
import org.apache.jena.query.Query;
import org.apache.jena.query.QueryFactory;
import org.apache.jena.query.Syntax;
import org.apache.jena.riot.system.PrefixMap;
import org.apache.jena.riot.system.PrefixMapFactory;
import org.apache.jena.sparql.algebra.Algebra;
import org.apache.jena.sparql.algebra.OpVisitorBase;
import org.apache.jena.sparql.algebra.OpWalker;
import org.apache.jena.sparql.algebra.op.OpService;
import org.apache.jena.sparql.core.Quad;
import org.apache.jena.sparql.graph.NodeTransform;
import org.apache.jena.sparql.graph.NodeTransformLib;
import org.apache.jena.sparql.modify.request.QuadAcc;
import org.apache.jena.sparql.syntax.syntaxtransform.QueryTransformOps;
import org.apache.jena.sparql.util.NodeFactoryExtra;

/**
 * Parsed queries by shape: the parser (Jena's generated one, a quarter of a BSBM request's CPU)
 * runs once per shape, and each later query of that shape is the cached parse with its own
 * constants put in ({@link QueryShape}). Applications send few shapes with many constants, as
 * BSBM's 12 templates do.
 *
 * <p>A shape becomes a template the second time it is seen (a one-off query costs nothing extra),
 * and only after a check: the template, instantiated with the query's own constants, must equal
 * Jena's parse of the query, structurally and as printed. A shape that fails the check (a constant
 * the parser folds, a construct the substitution does not reach) is parsed every time.
 * Instantiating parses each constant alone, as the parser would: an IRI that does not parse sends
 * the query to the parser, which gives the error its position.
 */
public final class QueryTemplates {
  private static final Object SEEN = new Object();
  private static final Object UNLIFTABLE = new Object();

  /** A query, and whether it uses SERVICE (known once per shape). */
  public record Parsed(Query query, boolean usesService) {}

  private record Template(Query probe, Node[] probeNodes, PrefixMap prefixes, boolean service) {
    Query instantiate(List<QueryShape.Constant> constants) {
      Map<Node, Node> nodes = new HashMap<>(constants.size() * 2);
      for (int i = 0; i < constants.size(); i++) {
        nodes.put(probeNodes[i], node(constants.get(i), prefixes));
      }
      NodeTransform substitute = n -> nodes.getOrDefault(n, n);
      Query q = QueryTransformOps.transform(probe, substitute);
      if (q.isConstructType()) { // the transform leaves CONSTRUCT's template as it was
        List<Quad> quads = probe.getConstructTemplate().getQuads();
        q.setConstructTemplate(
            new org.apache.jena.sparql.syntax.Template(
                new QuadAcc(NodeTransformLib.transformQuads(substitute, quads))));
      }
      return q;
    }
  }

  private final Cache<String, Object> shapes;
  private final LongAdder hits = new LongAdder();
  private final LongAdder misses = new LongAdder();

  /** A cache of at most {@code maxShapes} shapes (0: none; every query is parsed). */
  public QueryTemplates(long maxShapes) {
    this.shapes = Caffeine.newBuilder().maximumSize(maxShapes).build();
  }

  /**
   * The query {@code text} parsed, from its shape's template when there is one.
   *
   * @throws org.apache.jena.query.QueryParseException as Jena's parser does
   */
  public Parsed parse(String text) {
    QueryShape shape = QueryShape.of(text);
    Object entry = shape == null ? UNLIFTABLE : shapes.getIfPresent(shape.key());
    if (entry instanceof Template t) {
      try {
        Query q = t.instantiate(shape.constants());
        hits.increment();
        return new Parsed(q, t.service());
      } catch (RuntimeException e) {
        // a constant the parser must judge: fall through to it
      }
    }
    misses.increment();
    Query q = QueryFactory.create(text, Syntax.syntaxARQ);
    if (entry == null) {
      shapes.put(shape.key(), SEEN);
    } else if (entry == SEEN) {
      Template t = template(shape, q);
      shapes.put(shape.key(), t == null ? UNLIFTABLE : t);
      if (t != null) {
        return new Parsed(q, t.service());
      }
    }
    return new Parsed(q, usesService(q));
  }

  /** Queries answered from a template, and parsed, since this cache began. */
  public long hits() {
    return hits.sum();
  }

  public long misses() {
    return misses.sum();
  }

  /** The shape's template, or null if instantiating it would not give what the parser gives. */
  private static Template template(QueryShape shape, Query actual) {
    if (actual.hasDatasetDescription()) {
      return null; // the protocol layer rewrites FROM clauses in place
    }
    try {
      Query probe = QueryFactory.create(shape.probeText(), Syntax.syntaxARQ);
      probe.getResultVars(); // settled now: the template is shared between threads
      PrefixMap prefixes = PrefixMapFactory.create(probe.getPrefixMapping());
      List<QueryShape.Constant> constants = shape.constants();
      Node[] probeNodes = new Node[constants.size()];
      for (int i = 0; i < probeNodes.length; i++) {
        probeNodes[i] = NodeFactoryExtra.parseNode(constants.get(i).probe(), prefixes);
      }
      Template t = new Template(probe, probeNodes, prefixes, usesService(probe));
      Query again = t.instantiate(constants);
      boolean same = again.equals(actual) && again.toString().equals(actual.toString());
      return same ? t : null;
    } catch (RuntimeException e) {
      return null;
    }
  }

  private static boolean usesService(Query query) {
    AtomicBoolean found = new AtomicBoolean();
    OpWalker.walk(
        Algebra.compile(query),
        new OpVisitorBase() {
          @Override
          public void visit(OpService op) {
            found.set(true);
          }
        });
    return found.get();
  }

  /** A constant as the parser makes it. */
  static Node node(QueryShape.Constant c, PrefixMap prefixes) {
    String text = c.text();
    return switch (c.kind()) {
      case IRI -> {
        if (text.indexOf('\\') >= 0) {
          yield NodeFactoryExtra.parseNode(text, prefixes);
        }
        String iri = text.substring(1, text.length() - 1);
        IRIx.create(iri); // throws on an IRI the parser would reject
        yield NodeFactory.createURI(iri);
      }
      case PREFIXED_NAME, STRING -> NodeFactoryExtra.parseNode(text, prefixes);
      case INTEGER -> NodeFactory.createLiteralDT(text, XSDDatatype.XSDinteger);
      case DECIMAL -> NodeFactory.createLiteralDT(text, XSDDatatype.XSDdecimal);
      case DOUBLE -> NodeFactory.createLiteralDT(text, XSDDatatype.XSDdouble);
    };
  }
}
