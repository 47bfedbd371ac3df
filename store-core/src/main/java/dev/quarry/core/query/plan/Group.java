package dev.quarry.core.query.plan;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.Triple;
import org.apache.jena.sparql.algebra.Op;
import org.apache.jena.sparql.algebra.op.OpBGP;
import org.apache.jena.sparql.algebra.op.OpFilter;
import org.apache.jena.sparql.algebra.op.OpSequence;
import org.apache.jena.sparql.algebra.op.OpTriple;
import org.apache.jena.sparql.core.Var;
import org.apache.jena.sparql.expr.E_LogicalAnd;
import org.apache.jena.sparql.expr.Expr;

/**
 * A group of triple patterns and filter conjuncts under inner joins only: the BGPs, sequences and
 * filters ARQ's optimiser makes of one SPARQL group (its filter placement splits a BGP into a
 * sequence to evaluate left to right). Quarry plans the group as a whole instead: its own join
 * order from the statistics, each conjunct applied as soon as its variables are bound.
 *
 * <p>Flattening is exact only when every filter's variables are bound by the patterns under it (BGP
 * variables always are): then the filter gives the same answer wherever it is applied after them.
 * Otherwise {@link #of} declines, as it does for EXISTS (a join of its own, not a condition).
 */
record Group(List<Triple> triples, List<Expr> conjuncts) {

  /** The group {@code op} is, or null if it holds anything but patterns and safe filters. */
  static Group of(Op op) {
    List<Triple> triples = new ArrayList<>();
    List<Expr> conjuncts = new ArrayList<>();
    return collect(op, triples, conjuncts) ? new Group(triples, conjuncts) : null;
  }

  private static boolean collect(Op op, List<Triple> triples, List<Expr> conjuncts) {
    switch (op) {
      case OpBGP bgp -> triples.addAll(bgp.getPattern().getList());
      case OpTriple t -> triples.add(t.getTriple());
      case OpSequence seq -> {
        for (Op e : seq.getElements()) {
          if (!collect(e, triples, conjuncts)) {
            return false;
          }
        }
      }
      case OpFilter f -> {
        List<Triple> under = new ArrayList<>();
        if (!collect(f.getSubOp(), under, conjuncts)) {
          return false;
        }
        Set<Var> bound = vars(under);
        for (Expr e : f.getExprs()) {
          if (!bound.containsAll(e.getVarsMentioned()) || Exists.within(e)) {
            return false;
          }
          split(e, conjuncts);
        }
        triples.addAll(under);
      }
      default -> {
        return false;
      }
    }
    return true;
  }

  private static void split(Expr e, List<Expr> out) {
    if (e instanceof E_LogicalAnd and) {
      split(and.getArg1(), out);
      split(and.getArg2(), out);
    } else {
      out.add(e);
    }
  }

  /**
   * The columns of {@code triples} joined with rows of {@code input}: the input's, the graph
   * variable (if any), then the patterns' variables (inside triple terms too), each once.
   */
  static List<Var> columns(List<Var> input, Var graphVar, List<Triple> triples) {
    Set<Var> cols = new LinkedHashSet<>(input);
    if (graphVar != null) {
      cols.add(graphVar);
    }
    for (Triple t : triples) {
      for (Node n : new Node[] {t.getSubject(), t.getPredicate(), t.getObject()}) {
        TripleTerms.vars(n, cols);
      }
    }
    return List.copyOf(cols);
  }

  static Set<Var> vars(List<Triple> triples) {
    Set<Var> vars = new HashSet<>();
    for (Triple t : triples) {
      for (Node n : new Node[] {t.getSubject(), t.getPredicate(), t.getObject()}) {
        TripleTerms.vars(n, vars); // with those inside triple terms
      }
    }
    return vars;
  }
}
