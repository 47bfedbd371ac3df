package dev.quarry.server.sparql;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
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
import org.apache.jena.sparql.algebra.Op;
import org.apache.jena.sparql.algebra.OpVisitorBase;
import org.apache.jena.sparql.algebra.OpWalker;
import org.apache.jena.sparql.algebra.op.OpService;
import org.apache.jena.sparql.core.Quad;
import org.apache.jena.sparql.graph.NodeTransform;
import org.apache.jena.sparql.graph.NodeTransformLib;
import org.apache.jena.sparql.modify.request.QuadAcc;
import org.apache.jena.sparql.pfunction.PropertyFunctionRegistry;
import org.apache.jena.sparql.syntax.syntaxtransform.QueryTransformOps;
import org.apache.jena.sparql.util.Context;
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

  /**
   * A query, whether it uses SERVICE (known once per shape), and its optimized algebra when the
   * shape's could be reused ({@link CachedAlgebra}), else null. With an algebra, the query is
   * shared or holds only its result form: its pattern may be another query's of the same shape, and
   * the query must not be changed. {@code runs}: how the shape's queries ran, for a shape with a
   * template (else null).
   */
  public record Parsed(Query query, boolean usesService, Op algebra, ShapeRuns runs) {}

  /**
   * A shape: its probe query (the probe constants in place), those constants, the probe's optimized
   * algebra if the query's constants may simply replace them in it (null: compile it), and how its
   * queries ran.
   */
  private record Template(
      Query probe,
      Node[] probeNodes,
      PrefixMap prefixes,
      boolean service,
      Op algebra,
      Map<String, Node> parsed,
      ShapeRuns runs) {
    /**
     * At most this many constants' nodes are kept per template (then it starts again): a template's
     * queries repeat their constants (a product's IRI), and parsing one (an IRI's check, a prefixed
     * name's expansion) was a twentieth of a BSBM request's CPU.
     */
    private static final int PARSED = 4096;

    Template(Query probe, Node[] probeNodes, PrefixMap prefixes, boolean service, Op algebra) {
      this(
          probe,
          probeNodes,
          prefixes,
          service,
          algebra,
          new ConcurrentHashMap<>(),
          new ShapeRuns());
    }

    /** The probe's constants, each mapped to the query's. */
    NodeTransform substitution(List<QueryShape.Constant> constants) {
      Map<Node, Node> nodes = new HashMap<>(constants.size() * 2);
      for (int i = 0; i < constants.size(); i++) {
        nodes.put(probeNodes[i], parsed(constants.get(i)));
      }
      return n -> substitute(n, nodes);
    }

    /** {@link #node}, kept by the constant's text (which decides its kind). */
    private Node parsed(QueryShape.Constant c) {
      Node n = parsed.get(c.text());
      if (n == null) {
        n = node(c, prefixes); // throws for a constant the parser rejects: nothing is kept
        if (parsed.size() >= PARSED) {
          parsed.clear();
        }
        parsed.put(c.text(), n);
      }
      return n;
    }

    /** A probe constant replaced, inside triple terms too ({@code <<( ?r :p :P1 )>>}). */
    private static Node substitute(Node n, Map<Node, Node> nodes) {
      if (n.isTripleTerm() && !nodes.containsKey(n)) {
        var t = n.getTriple();
        Node s = substitute(t.getSubject(), nodes);
        Node p = substitute(t.getPredicate(), nodes);
        Node o = substitute(t.getObject(), nodes);
        return s == t.getSubject() && p == t.getPredicate() && o == t.getObject()
            ? n
            : NodeFactory.createTripleTerm(s, p, o);
      }
      return nodes.getOrDefault(n, n);
    }

    Parsed instantiate(List<QueryShape.Constant> constants) {
      if (constants.isEmpty()) {
        return new Parsed(probe, service, algebra, runs); // shared: nothing downstream changes it
      }
      NodeTransform substitute = substitution(constants);
      Op op = algebra == null ? null : algebraFor(substitute, constants);
      if (op != null && !probe.isJsonType()) {
        return new Parsed(resultForm(substitute), service, op, runs);
      }
      return new Parsed(query(substitute), service, null, runs);
    }

    /**
     * The query for a run whose algebra is given: only its result form has to be the query's (the
     * CONSTRUCT template, the IRIs DESCRIBE names); its pattern, which the algebra replaces, stays
     * the probe's. Copying and substituting the whole query was a tenth of a BSBM DESCRIBE.
     */
    private Query resultForm(NodeTransform substitute) {
      if (probe.isSelectType() || probe.isAskType()) {
        return probe;
      }
      return withResultForm(QueryTransformOps.shallowCopy(probe), substitute);
    }

    /**
     * The probe's algebra with the query's constants, unless one of them is a property function
     * (the optimizer rewrites a pattern with one, and the probe's constant was not).
     */
    private Op algebraFor(NodeTransform substitute, List<QueryShape.Constant> constants) {
      for (int i = 0; i < constants.size(); i++) {
        Node n = substitute.apply(probeNodes[i]);
        if (n.isURI() && PropertyFunctionRegistry.get().manages(n.getURI())) {
          return null;
        }
      }
      return AlgebraSubstitution.apply(substitute, algebra);
    }

    Query query(NodeTransform substitute) {
      // The transform leaves the result form as it was: CONSTRUCT's template, DESCRIBE's IRIs.
      return withResultForm(QueryTransformOps.transform(probe, substitute), substitute);
    }

    private Query withResultForm(Query q, NodeTransform substitute) {
      if (q.isConstructType()) {
        List<Quad> quads = probe.getConstructTemplate().getQuads();
        q.setConstructTemplate(
            new org.apache.jena.sparql.syntax.Template(
                new QuadAcc(NodeTransformLib.transformQuads(substitute, quads))));
      } else if (q.isDescribeType()) {
        q.getResultURIs().replaceAll(substitute::apply);
      }
      return q;
    }
  }

  private final Cache<String, Object> shapes;
  private final LongAdder hits = new LongAdder();
  private final LongAdder misses = new LongAdder();

  private final TextLimits limits;
  private final Context optimizing;

  /** A cache of at most {@code maxShapes} shapes (0: none; every query is parsed). */
  public QueryTemplates(long maxShapes) {
    this(maxShapes, TextLimits.DEFAULTS);
  }

  /** ... and queries past {@code limits} (depth, terms) refused before parsing. */
  public QueryTemplates(long maxShapes, TextLimits limits) {
    this(maxShapes, limits, null);
  }

  /**
   * ... and shapes' algebra optimised in {@code optimizing}, the context of the dataset queries run
   * on (its optimiser: Quarry's leaves out rewrites that change answers); null: ARQ's own.
   */
  public QueryTemplates(long maxShapes, TextLimits limits, Context optimizing) {
    // Upkeep on the caller's thread, as core's config.Caches builds its caches (this layer may
    // not use core's config).
    this.shapes = Caffeine.newBuilder().executor(Runnable::run).maximumSize(maxShapes).build();
    this.limits = limits;
    this.optimizing = optimizing;
  }

  /**
   * The query {@code text} parsed, from its shape's template when there is one.
   *
   * @throws org.apache.jena.query.QueryParseException as Jena's parser does
   * @throws dev.quarry.server.http.HttpError 400 for a query nested too deeply or too long
   */
  public Parsed parse(String text) {
    return parse(text, null);
  }

  /**
   * ... with {@code shape}, {@link QueryShape#of} {@code text} if the caller has it (else null).
   */
  public Parsed parse(String text, QueryShape shape) {
    if (shape == null) {
      shape = QueryShape.of(text);
    }
    QueryShape.Extent extent = shape == null ? null : shape.extent();
    limits.checkNesting("query", text, extent);
    limits.checkTerms(extent);
    Object entry = shape == null ? UNLIFTABLE : shapes.getIfPresent(shape.key());
    if (entry instanceof Template t) {
      try {
        Parsed p = t.instantiate(shape.constants());
        hits.increment();
        return p;
      } catch (RuntimeException e) {
        // a constant the parser must judge: fall through to it
      }
    }
    misses.increment();
    Query q = QueryFactory.create(text, Syntax.syntaxARQ);
    if (entry == null) {
      shapes.put(shape.key(), SEEN);
    } else if (entry == SEEN) {
      Template t = template(shape, q, optimizing);
      shapes.put(shape.key(), t == null ? UNLIFTABLE : t);
      if (t != null) {
        return new Parsed(q, t.service(), null, t.runs());
      }
    }
    return new Parsed(q, usesService(q), null, null);
  }

  /**
   * True if {@code shape} (null: a text without one) has a template whose latest queries were all
   * quick ({@link ShapeRuns}); false for a shape not yet seen twice, or one the parser has to read
   * each time.
   */
  public boolean quick(QueryShape shape) {
    return shape != null
        && shapes.getIfPresent(shape.key()) instanceof Template t
        && t.runs().quick();
  }

  /** Queries answered from a template, and parsed, since this cache began. */
  public long hits() {
    return hits.sum();
  }

  public long misses() {
    return misses.sum();
  }

  /** The shape's template, or null if instantiating it would not give what the parser gives. */
  private static Template template(QueryShape shape, Query actual, Context optimizing) {
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
      Template t = new Template(probe, probeNodes, prefixes, usesService(probe), null);
      NodeTransform substitute = t.substitution(constants);
      Query again = t.query(substitute);
      boolean same = again.equals(actual) && again.toString().equals(actual.toString());
      if (!same) {
        return null;
      }
      Op algebra = reusableAlgebra(probe, probeNodes, substitute, actual, optimizing);
      return algebra == null ? t : new Template(probe, probeNodes, prefixes, t.service(), algebra);
    } catch (RuntimeException e) {
      return null;
    }
  }

  /**
   * The probe's optimized algebra, if other constants may replace the probe's in it: the optimizer
   * kept each probe constant as often as the compiled algebra has it (none folded into another
   * value or dropped with a part it proved empty, none copied), and the query's own constants put
   * in give exactly the query's optimized algebra. Else null. The optimizer's choices depend on a
   * constant's kind (an IRI, a literal's datatype or language), which a shape fixes, not on its
   * value, except for a property function's IRI ({@link Template#algebraFor}).
   */
  private static Op reusableAlgebra(
      Query probe, Node[] probeNodes, NodeTransform substitute, Query actual, Context optimizing) {
    Op compiled = Algebra.compile(probe);
    Op optimized = Algebra.optimize(compiled, optimizing);
    Map<Node, Integer> before = occurrences(compiled, probeNodes);
    if (!before.equals(occurrences(optimized, probeNodes))) {
      return null;
    }
    Op mine = Algebra.optimize(Algebra.compile(actual), optimizing);
    return AlgebraSubstitution.apply(substitute, optimized).equals(mine) ? optimized : null;
  }

  /** How often each of {@code nodes} stands in {@code op}. */
  private static Map<Node, Integer> occurrences(Op op, Node[] nodes) {
    Map<Node, Integer> counts = new HashMap<>();
    for (Node n : nodes) {
      counts.put(n, 0);
    }
    NodeTransformLib.transform(
        n -> {
          counts.computeIfPresent(n, (k, c) -> c + 1);
          return n;
        },
        op);
    return counts;
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
