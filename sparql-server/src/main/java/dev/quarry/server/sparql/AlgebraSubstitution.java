package dev.quarry.server.sparql;

import java.util.ArrayList;
import java.util.List;
import java.util.function.BiFunction;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.Triple;
import org.apache.jena.query.SortCondition;
import org.apache.jena.sparql.algebra.Op;
import org.apache.jena.sparql.algebra.op.Op1;
import org.apache.jena.sparql.algebra.op.Op2;
import org.apache.jena.sparql.algebra.op.OpBGP;
import org.apache.jena.sparql.algebra.op.OpConditional;
import org.apache.jena.sparql.algebra.op.OpDistinct;
import org.apache.jena.sparql.algebra.op.OpExtend;
import org.apache.jena.sparql.algebra.op.OpFilter;
import org.apache.jena.sparql.algebra.op.OpGraph;
import org.apache.jena.sparql.algebra.op.OpJoin;
import org.apache.jena.sparql.algebra.op.OpLeftJoin;
import org.apache.jena.sparql.algebra.op.OpMinus;
import org.apache.jena.sparql.algebra.op.OpN;
import org.apache.jena.sparql.algebra.op.OpOrder;
import org.apache.jena.sparql.algebra.op.OpProject;
import org.apache.jena.sparql.algebra.op.OpReduced;
import org.apache.jena.sparql.algebra.op.OpSequence;
import org.apache.jena.sparql.algebra.op.OpSlice;
import org.apache.jena.sparql.algebra.op.OpTable;
import org.apache.jena.sparql.algebra.op.OpTopN;
import org.apache.jena.sparql.algebra.op.OpTriple;
import org.apache.jena.sparql.algebra.op.OpUnion;
import org.apache.jena.sparql.core.BasicPattern;
import org.apache.jena.sparql.core.Var;
import org.apache.jena.sparql.core.VarExprList;
import org.apache.jena.sparql.expr.Expr;
import org.apache.jena.sparql.expr.ExprList;
import org.apache.jena.sparql.graph.NodeTransform;
import org.apache.jena.sparql.graph.NodeTransformLib;

/**
 * A template's algebra with its constants replaced, for the operators BSBM-like queries are made of
 * (patterns, filters, OPTIONAL, UNION, MINUS, GRAPH, BIND and the modifiers), and through Jena's
 * {@link NodeTransformLib} for any other. Jena's generic walk was 4.5 % of a BSBM Explore query's
 * thread; this one is a recursive copy that keeps every part no constant changed. The template's
 * check ({@link QueryTemplates}) compares its output with the parser's, and a test with Jena's.
 */
final class AlgebraSubstitution {
  private final NodeTransform t;

  private AlgebraSubstitution(NodeTransform t) {
    this.t = t;
  }

  /** {@code op} with every node {@code t} maps replaced. */
  static Op apply(NodeTransform t, Op op) {
    Op out = ownCopy(t, op);
    return out != null ? out : NodeTransformLib.transform(t, op);
  }

  /** This class's copy, or null if {@code op} has a part of a kind it leaves to Jena. */
  static Op ownCopy(NodeTransform t, Op op) {
    return new AlgebraSubstitution(t).op(op);
  }

  /** The copy, or null if a part of {@code op} is of a kind this does not copy. */
  private Op op(Op op) {
    return switch (op) {
      case OpBGP bgp -> bgp(bgp);
      case OpTriple tr -> sameTriple(tr.getTriple()) ? tr : new OpTriple(triple(tr.getTriple()));
      case OpTable table -> table.isJoinIdentity() ? table : null;
      case OpFilter f -> filter(f);
      case OpLeftJoin lj -> leftJoin(lj);
      case OpJoin j -> op2(j);
      case OpUnion u -> op2(u);
      case OpMinus m -> op2(m);
      case OpConditional c -> op2(c);
      case OpSequence s -> opN(s);
      case OpGraph g -> graph(g);
      case OpExtend e -> extend(e);
      case OpOrder o -> order(o);
      case OpTopN n -> topN(n);
      case OpProject p -> op1(p);
      case OpDistinct d -> op1(d);
      case OpReduced r -> op1(r);
      case OpSlice s -> op1(s);
      default -> null;
    };
  }

  private Op bgp(OpBGP bgp) {
    List<Triple> triples = bgp.getPattern().getList();
    List<Triple> out = null;
    for (int i = 0; i < triples.size(); i++) {
      Triple tr = triples.get(i);
      if (out == null && !sameTriple(tr)) {
        out = new ArrayList<>(triples.subList(0, i));
      }
      if (out != null) {
        out.add(triple(tr));
      }
    }
    return out == null ? bgp : new OpBGP(BasicPattern.wrap(out));
  }

  private boolean sameTriple(Triple tr) {
    return t.apply(tr.getSubject()) == tr.getSubject()
        && t.apply(tr.getPredicate()) == tr.getPredicate()
        && t.apply(tr.getObject()) == tr.getObject();
  }

  private Triple triple(Triple tr) {
    return Triple.create(
        t.apply(tr.getSubject()), t.apply(tr.getPredicate()), t.apply(tr.getObject()));
  }

  private Op filter(OpFilter f) {
    Op sub = op(f.getSubOp());
    if (sub == null) {
      return null;
    }
    ExprList exprs = f.getExprs().applyNodeTransform(t);
    return sub == f.getSubOp() && exprs.equals(f.getExprs())
        ? f
        : OpFilter.filterDirect(exprs, sub);
  }

  private Op leftJoin(OpLeftJoin lj) {
    Op left = op(lj.getLeft());
    Op right = op(lj.getRight());
    if (left == null || right == null) {
      return null;
    }
    ExprList exprs = lj.getExprs() == null ? null : lj.getExprs().applyNodeTransform(t);
    boolean sameExprs = exprs == null || exprs.equals(lj.getExprs());
    return left == lj.getLeft() && right == lj.getRight() && sameExprs
        ? lj
        : OpLeftJoin.createLeftJoin(left, right, exprs);
  }

  private Op op2(Op2 op) {
    Op left = op(op.getLeft());
    Op right = op(op.getRight());
    if (left == null || right == null) {
      return null;
    }
    return left == op.getLeft() && right == op.getRight() ? op : op.copy(left, right);
  }

  private Op opN(OpN op) {
    List<Op> subs = new ArrayList<>(op.size());
    boolean same = true;
    for (Op sub : op.getElements()) {
      Op copy = op(sub);
      if (copy == null) {
        return null;
      }
      same &= copy == sub;
      subs.add(copy);
    }
    return same ? op : op.copy(subs);
  }

  private Op op1(Op1 op) {
    Op sub = op(op.getSubOp());
    return sub == null ? null : sub == op.getSubOp() ? op : op.copy(sub);
  }

  private Op graph(OpGraph g) {
    Op sub = op(g.getSubOp());
    Node node = t.apply(g.getNode());
    if (sub == null) {
      return null;
    }
    return sub == g.getSubOp() && node == g.getNode() ? g : new OpGraph(node, sub);
  }

  private Op extend(OpExtend e) {
    Op sub = op(e.getSubOp());
    if (sub == null) {
      return null;
    }
    VarExprList vel = new VarExprList();
    boolean same = true;
    for (Var v : e.getVarExprList().getVars()) {
      Expr expr = e.getVarExprList().getExpr(v);
      Expr copy = expr == null ? null : expr.applyNodeTransform(t);
      same &= copy == null || copy.equals(expr);
      if (copy == null) {
        vel.add(v);
      } else {
        vel.add(v, copy);
      }
    }
    return sub == e.getSubOp() && same ? e : OpExtend.create(sub, vel);
  }

  private Op order(OpOrder o) {
    return sorted(o, o.getConditions(), OpOrder::new);
  }

  private Op topN(OpTopN n) {
    return sorted(n, n.getConditions(), (sub, conds) -> new OpTopN(sub, n.getLimit(), conds));
  }

  /** An ORDER BY or top-N copied by {@code make} over its input and conditions. */
  private Op sorted(
      Op1 op, List<SortCondition> given, BiFunction<Op, List<SortCondition>, Op> make) {
    Op sub = op(op.getSubOp());
    List<SortCondition> conds = conditions(given);
    if (sub == null) {
      return null;
    }
    return sub == op.getSubOp() && conds == null ? op : make.apply(sub, or(conds, given));
  }

  /** The conditions with the constants replaced, or null if none changed. */
  private List<SortCondition> conditions(List<SortCondition> conds) {
    List<SortCondition> out = new ArrayList<>(conds.size());
    boolean same = true;
    for (SortCondition c : conds) {
      Expr e = c.getExpression().applyNodeTransform(t);
      same &= e.equals(c.getExpression());
      out.add(new SortCondition(e, c.getDirection()));
    }
    return same ? null : out;
  }

  private static List<SortCondition> or(List<SortCondition> changed, List<SortCondition> given) {
    return changed != null ? changed : given;
  }
}
