package dev.quarry.core.query.plan;

import dev.quarry.core.index.spi.QuadView;
import dev.quarry.core.index.spi.TextSearch;
import dev.quarry.core.query.exec.IdOperator;
import dev.quarry.core.query.exec.Source;
import dev.quarry.core.query.exec.TextHits;
import java.util.ArrayList;
import java.util.List;
import org.apache.jena.datatypes.xsd.XSDDatatype;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.graph.Triple;
import org.apache.jena.query.QueryExecException;
import org.apache.jena.sparql.algebra.Op;
import org.apache.jena.sparql.algebra.op.OpPropFunc;
import org.apache.jena.sparql.algebra.op.OpSequence;
import org.apache.jena.sparql.core.Var;
import org.apache.jena.sparql.expr.Expr;
import org.apache.jena.sparql.pfunction.PropFuncArg;

/**
 * Jena's {@code text:query} on Quarry's executor: {@code (?s ?score ?literal) text:query (property
 * "query" limit "lang:xx")}. The search runs while the query is planned (Lucene answers in well
 * under a millisecond); its hits are literal ids with scores, a vectored input whose size the
 * planner knows exactly, and the call itself becomes the pattern {@code ?s property ?literal} (any
 * indexed predicate if none is named), planned with the rest of the group: the hits then join the
 * quads on ids like any other rows.
 */
final class TextPlanner {
  static final String TEXT_QUERY = "http://jena.apache.org/text#query";

  private final Scope scope;
  private final Compiler compiler;
  private final PatternPlanner patterns;
  private int hidden;

  TextPlanner(Scope scope, Compiler compiler, PatternPlanner patterns) {
    this.scope = scope;
    this.compiler = compiler;
    this.patterns = patterns;
  }

  static boolean isCall(Op op) {
    return op instanceof OpPropFunc pf && TEXT_QUERY.equals(pf.getProperty().getURI());
  }

  /** True if {@code op} is a text search call, or a sequence with one, that {@link #plan} takes. */
  static boolean mayPlan(Op op) {
    if (isCall(op)) {
      return true;
    }
    return op instanceof OpSequence seq && seq.getElements().stream().anyMatch(TextPlanner::isCall);
  }

  /**
   * The group around one or more text searches (a sequence of BGPs, filters and calls, as ARQ's
   * property function transform leaves it) joined with {@code input}; null if it holds anything
   * else.
   */
  IdOperator plan(Op op, IdOperator input) {
    List<Triple> triples = new ArrayList<>();
    List<Expr> conjuncts = new ArrayList<>();
    List<OpPropFunc> calls = new ArrayList<>();
    if (!collect(op, triples, conjuncts, calls)) {
      return null;
    }
    TextSearch text = scope.view.text();
    if (text == null) {
      throw new QueryExecException(
          "text:query needs the text index: set text.enabled to true (docs/TEXT.md)");
    }
    IdOperator in = input;
    for (OpPropFunc call : calls) {
      Search s = parse(call);
      IdOperator hits = hits(text, s);
      triples.add(
          Triple.create(s.subject, s.property != null ? s.property : s.anyPredicate, s.literal));
      boolean unit = in instanceof Source src && src.isUnit();
      in = unit ? hits : compiler.join(in, hits, false, null);
    }
    return patterns.plan(triples, conjuncts, in);
  }

  private static boolean collect(
      Op op, List<Triple> triples, List<Expr> conjuncts, List<OpPropFunc> calls) {
    if (isCall(op)) {
      OpPropFunc pf = (OpPropFunc) op;
      calls.add(pf);
      return pf.getSubOp() == null || collect(pf.getSubOp(), triples, conjuncts, calls);
    }
    if (op instanceof OpSequence seq) {
      for (Op e : seq.getElements()) {
        if (!collect(e, triples, conjuncts, calls)) {
          return false;
        }
      }
      return true;
    }
    if (op instanceof org.apache.jena.sparql.algebra.op.OpTable t && t.isJoinIdentity()) {
      return true;
    }
    Group g = Group.of(op);
    if (g == null) {
      return false;
    }
    triples.addAll(g.triples());
    conjuncts.addAll(g.conjuncts());
    return true;
  }

  /** One call's arguments. */
  private record Search(
      Node subject,
      Var score,
      Var literal,
      Node property,
      Var anyPredicate,
      String query,
      int limit,
      String language) {}

  private Search parse(OpPropFunc call) {
    PropFuncArg subj = call.getSubjectArgs();
    PropFuncArg obj = call.getObjectArgs();
    List<Node> left = subj.isList() ? subj.getArgList() : List.of(subj.getArg());
    if (left.isEmpty() || left.size() > 3) {
      throw error("its subject is ?s or (?s ?score ?literal), got " + subj);
    }
    Var score = left.size() > 1 ? var(left.get(1), "score") : null;
    Var literal = left.size() > 2 ? var(left.get(2), "literal") : hiddenVar("literal");
    List<Node> right = obj.isList() ? obj.getArgList() : List.of(obj.getArg());
    int i = 0;
    Node property = null;
    if (i < right.size() && right.get(i).isURI()) {
      property = right.get(i++);
    }
    if (i >= right.size() || !right.get(i).isLiteral()) {
      throw error("its object is \"query\" or (property \"query\" limit \"lang:xx\"), got " + obj);
    }
    String query = right.get(i++).getLiteralLexicalForm();
    int limit = -1;
    String language = null;
    for (; i < right.size(); i++) {
      Node a = right.get(i);
      if (a.isLiteral() && a.getLiteralValue() instanceof Number n) {
        limit = n.intValue();
      } else if (a.isLiteral() && a.getLiteralLexicalForm().startsWith("lang:")) {
        language = a.getLiteralLexicalForm().substring(5);
      } else {
        throw error("unknown argument " + a + " (a limit and \"lang:xx\" are understood)");
      }
    }
    return new Search(
        left.get(0),
        score,
        literal,
        property,
        property == null ? hiddenVar("predicate") : null,
        query,
        limit,
        language);
  }

  private IdOperator hits(TextSearch text, Search s) {
    long predicate = QuadView.NONE;
    List<Var> vars = s.score == null ? List.of(s.literal) : List.of(s.literal, s.score);
    if (s.property != null) {
      predicate = scope.view.id(s.property);
      if (predicate == QuadView.NONE) {
        return new TextHits(vars, new long[vars.size()][0], 0, "text search, no such predicate");
      }
    }
    TextSearch.Hits h;
    try {
      h = text.search(s.query, predicate, s.language, s.limit);
    } catch (IllegalArgumentException e) {
      throw new QueryExecException(e.getMessage());
    }
    long[][] cols = new long[vars.size()][];
    cols[0] = h.ids();
    if (s.score != null) {
      cols[1] = new long[h.size()];
      for (int r = 0; r < h.size(); r++) {
        cols[1][r] =
            scope.terms.encode(
                NodeFactory.createLiteralDT(Float.toString(h.scores()[r]), XSDDatatype.XSDfloat));
      }
    }
    return new TextHits(vars, cols, h.size(), "text search '" + s.query + "'");
  }

  private static Var var(Node n, String what) {
    if (!Var.isVar(n)) {
      throw error("the " + what + " must be a variable, got " + n);
    }
    return Var.alloc(n);
  }

  private Var hiddenVar(String what) {
    return Var.alloc("?text_" + what + (hidden++)); // a leading ? marks it hidden (ARQ's own way)
  }

  private static QueryExecException error(String what) {
    return new QueryExecException("text:query: " + what);
  }
}
