package dev.quarry.core.query.plan;

import dev.quarry.core.index.spi.QuadView;
import dev.quarry.core.index.spi.TextSearch;
import dev.quarry.core.query.exec.IdOperator;
import dev.quarry.core.query.exec.Source;
import dev.quarry.core.query.exec.TextHits;
import java.util.List;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.Triple;
import org.apache.jena.sparql.core.Var;
import org.apache.jena.sparql.expr.E_Regex;
import org.apache.jena.sparql.expr.E_StrContains;
import org.apache.jena.sparql.expr.E_StrStartsWith;
import org.apache.jena.sparql.expr.Expr;
import org.apache.jena.sparql.expr.ExprFunction;

/**
 * String filters answered from the text index where that is exact: for {@code CONTAINS(?l, "x")},
 * {@code STRSTARTS(?l, "x")} and {@code regex(?l, "x", flags)} with constant text, on a variable
 * that a pattern of the group binds as the object of a predicate the index covers, the index gives
 * a superset of the literals that can pass (every string literal object of that predicate is in it,
 * and only string literals pass these functions). Those literals become the group's first rows; the
 * filter stays and checks each with the real function.
 */
final class TextFilters {
  /** Below this many quads of the predicate per candidate, a scan is as good: no index. */
  private static final int MIN_NARROWING = 4;

  /** So few candidates are worth using whatever the predicate holds. */
  private static final int FEW = 64;

  private final Scope scope;

  TextFilters(Scope scope) {
    this.scope = scope;
  }

  /** {@code input}, or, for a group's first rows, the candidates of its most selective filter. */
  IdOperator input(List<Triple> triples, List<Expr> conjuncts, IdOperator input) {
    if (conjuncts.isEmpty()
        || !(input instanceof Source s && s.isUnit())
        || conjuncts.stream().allMatch(e -> subject(e) == null)) {
      return input; // (a writer's view lays its changes over the index when asked: ask only if
      // used)
    }
    TextSearch text = scope.view.text();
    if (text == null) {
      return input;
    }
    Var best = null;
    long[] bestIds = null;
    long bestQuads = 0;
    for (Expr e : conjuncts) {
      Var v = subject(e);
      Long p = v == null ? null : predicateOf(v, triples);
      if (p == null || !text.covers(p)) {
        continue;
      }
      long[] ids = candidates(text, e, p);
      if (ids == null) {
        continue;
      }
      if (best != null && best.equals(v)) {
        ids = intersect(ids, bestIds);
      }
      if (bestIds == null || ids.length < bestIds.length) {
        best = v;
        bestIds = ids;
        bestQuads = p == QuadView.NONE ? scope.view.quads() : scope.view.quadsWithPredicate(p);
      }
    }
    if (best == null
        || (bestIds.length > FEW && (long) bestIds.length * MIN_NARROWING > bestQuads)) {
      return input;
    }
    return new TextHits(
        List.of(best), new long[][] {bestIds}, bestIds.length, "text index candidates of " + best);
  }

  /** The variable a string filter tests, if it has constant text to look for. */
  private static Var subject(Expr e) {
    if ((e instanceof E_StrContains || e instanceof E_StrStartsWith || e instanceof E_Regex)
        && e instanceof ExprFunction f
        && f.getArg(1).isVariable()) {
      for (int i = 2; i <= f.numArgs(); i++) {
        if (!f.getArg(i).isConstant() || !f.getArg(i).getConstant().isString()) {
          return null;
        }
      }
      return f.getArg(1).asVar();
    }
    return null;
  }

  /**
   * The predicate id whose object {@code v} is in some triple of the group ({@link QuadView#NONE}
   * for a variable predicate); null if no triple binds it as an object of a predicate the store
   * has.
   */
  private Long predicateOf(Var v, List<Triple> triples) {
    for (Triple t : triples) {
      if (v.equals(t.getObject()) && !v.equals(t.getSubject())) {
        Node p = t.getPredicate();
        if (p.isURI() && scope.rules != null && !scope.rules.isEmpty()) {
          return QuadView.NONE; // inferred: the pattern also reads its subproperties' quads
        } else if (p.isURI()) {
          long id = scope.view.id(p);
          if (id != QuadView.NONE) {
            return id;
          }
        } else if (Var.isVar(p) && !v.equals(p)) {
          return QuadView.NONE;
        }
      }
    }
    return null;
  }

  private static long[] candidates(TextSearch text, Expr e, long p) {
    ExprFunction f = (ExprFunction) e;
    String s = f.getArg(2).getConstant().getString();
    if (e instanceof E_StrContains) {
      return text.mayContain(s, p);
    }
    if (e instanceof E_StrStartsWith) {
      return text.mayStartWith(s, p);
    }
    String flags = f.numArgs() > 2 ? f.getArg(3).getConstant().getString() : null;
    RegexNeedles.Needles needles = RegexNeedles.of(s, flags);
    if (needles == null) {
      return null;
    }
    long[] out = null;
    for (int i = 0; i < needles.pieces().size(); i++) {
      String piece = needles.pieces().get(i);
      long[] ids =
          i == 0 && needles.anchored() ? text.mayStartWith(piece, p) : text.mayContain(piece, p);
      if (ids != null) {
        out = out == null ? ids : intersect(out, ids);
      }
    }
    return out;
  }

  /** Ids in both ascending (unsigned) arrays. */
  private static long[] intersect(long[] a, long[] b) {
    long[] out = new long[Math.min(a.length, b.length)];
    int n = 0;
    for (int i = 0, j = 0; i < a.length && j < b.length; ) {
      int c = Long.compareUnsigned(a[i], b[j]);
      if (c == 0) {
        out[n++] = a[i];
        i++;
        j++;
      } else if (c < 0) {
        i++;
      } else {
        j++;
      }
    }
    return java.util.Arrays.copyOf(out, n);
  }
}
