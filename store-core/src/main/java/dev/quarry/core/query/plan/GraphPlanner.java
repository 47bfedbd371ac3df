package dev.quarry.core.query.plan;

import dev.quarry.core.index.spi.QuadView;
import dev.quarry.core.query.exec.IdOperator;
import dev.quarry.core.query.exec.PathJoin;
import dev.quarry.core.query.exec.PathStep;
import dev.quarry.core.query.exec.Rows;
import dev.quarry.core.query.exec.Source;
import java.util.ArrayList;
import java.util.List;
import org.apache.jena.graph.Node;
import org.apache.jena.sparql.algebra.Op;
import org.apache.jena.sparql.algebra.OpVars;
import org.apache.jena.sparql.algebra.op.OpGraph;
import org.apache.jena.sparql.algebra.op.OpPath;
import org.apache.jena.sparql.algebra.op.OpTriple;
import org.apache.jena.sparql.core.Quad;
import org.apache.jena.sparql.core.TriplePath;
import org.apache.jena.sparql.core.Var;

/** GRAPH, the dataset's graph names, and property paths. */
final class GraphPlanner {
  private final Scope scope;
  private final Compiler compiler;

  GraphPlanner(Scope scope, Compiler compiler) {
    this.scope = scope;
    this.compiler = compiler;
  }

  /**
   * GRAPH: a constant graph compiles its pattern for that graph (no rows if it is not a named
   * graph); a variable one for every named graph at once, the variable bound by each pattern's
   * matches (a group of patterns), or first by listing the named graphs (anything else).
   */
  IdOperator graph(OpGraph g, IdOperator input) {
    long[] named = scope.named();
    if (named == null) {
      return null;
    }
    Node n = g.getNode();
    if (Quad.isUnionGraph(n) || Quad.isDefaultGraph(n)) {
      return null; // ARQ's names for the union of the named graphs and the default graph
    }
    if (!n.isVariable()) {
      long id = scope.view.id(n);
      if (!Scope.isNamed(named, id)) {
        return emptyOf(input, g);
      }
      return compiler.within(scope.inGraph(id, null)).compile(g.getSubOp(), input);
    }
    if (named.length == 0) {
      return emptyOf(input, g); // no named graph: nothing to read
    }
    Compiler inner = compiler.within(scope.inGraph(QuadView.NONE, Var.alloc(n)));
    Group group = Group.of(g.getSubOp());
    if (group != null && !group.triples().isEmpty()) {
      return inner.compile(g.getSubOp(), input);
    }
    IdOperator graphs = graphNames(n, input);
    return graphs == null ? null : inner.compile(g.getSubOp(), graphs);
  }

  /** The input joined with one row per named graph, binding {@code n} (or checking a constant). */
  IdOperator graphNames(Node n, IdOperator input) {
    long[] named = scope.named();
    if (named == null) {
      return null;
    }
    if (!n.isVariable()) {
      long id = scope.view.id(n);
      return Scope.isNamed(named, id)
          ? input
          : new Source(input.vars(), new Rows(input.vars().size(), 0), "none");
    }
    Rows rows = new Rows(1, named.length);
    for (long id : named) {
      rows.append();
      rows.set(rows.size() - 1, 0, id);
    }
    IdOperator graphs = new Source(List.of(Var.alloc(n)), rows, "named graphs");
    return input instanceof Source s && s.isUnit()
        ? graphs
        : compiler.join(input, graphs, false, null);
  }

  /** No rows, with the columns the input and the pattern would have had. */
  private static IdOperator emptyOf(IdOperator input, Op op) {
    List<Var> vars = new ArrayList<>(input.vars());
    for (Var v : OpVars.visibleVars(op)) {
      if (!vars.contains(v)) {
        vars.add(v);
      }
    }
    return new Source(vars, new Rows(vars.size(), 0), "no rows (not a named graph)");
  }

  /** A property path (a simple triple when ARQ left one in a path operator). */
  IdOperator path(OpPath op, IdOperator input) {
    TriplePath tp = op.getTriplePath();
    if (tp.isTriple()) {
      return compiler.compile(new OpTriple(tp.asTriple()), input);
    }
    if (TripleTerms.open(tp.getSubject()) || TripleTerms.open(tp.getObject())) {
      return null; // a path to a triple term with variables inside: ARQ matches it
    }
    PathStep step = PathStep.of(tp.getPath(), scope.view);
    if (step == null) {
      return null; // an ARQ extension: counted or bounded repetition
    }
    PathJoin.End s = end(tp.getSubject());
    PathJoin.End o = end(tp.getObject());
    String text =
        PatternPlanner.str(tp.getSubject())
            + " "
            + tp.getPath()
            + " "
            + PatternPlanner.str(tp.getObject());
    long[] named = scope.graphVar == null ? null : scope.named();
    IdOperator cur =
        new PathJoin(input, scope.terms, s, step, o, scope.graph, scope.graphVar, named, text);
    double rows = Math.max(1, input.estimate()) * 10;
    return cur.estimate(rows).cancellable(scope.cxt);
  }

  private PathJoin.End end(Node n) {
    return Var.isVar(n) ? PathJoin.End.of(Var.alloc(n)) : PathJoin.End.of(scope.terms.encode(n));
  }
}
