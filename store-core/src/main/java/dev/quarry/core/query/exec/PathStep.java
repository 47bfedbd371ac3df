package dev.quarry.core.query.exec;

import dev.quarry.core.index.spi.QuadView;
import java.util.List;
import org.apache.jena.graph.Node;
import org.apache.jena.sparql.path.P_Alt;
import org.apache.jena.sparql.path.P_Inverse;
import org.apache.jena.sparql.path.P_Link;
import org.apache.jena.sparql.path.P_NegPropSet;
import org.apache.jena.sparql.path.P_OneOrMore1;
import org.apache.jena.sparql.path.P_ReverseLink;
import org.apache.jena.sparql.path.P_Seq;
import org.apache.jena.sparql.path.P_ZeroOrMore1;
import org.apache.jena.sparql.path.P_ZeroOrOne;
import org.apache.jena.sparql.path.Path;

/**
 * A SPARQL 1.1 property path with its predicates as ids and every inverse pushed down to the links,
 * so evaluation only ever walks forward from a set of nodes. {@link #of} declines ARQ's extensions
 * ({@code {n,m}}, counted {@code *}/{@code +}, shortest paths), which stay ARQ's.
 */
public sealed interface PathStep {
  /**
   * One edge of predicate {@code p} (0: a predicate the store lacks), walked backwards if asked.
   */
  record Link(long p, boolean backward) implements PathStep {}

  record Seq(PathStep first, PathStep then) implements PathStep {}

  record Alt(PathStep a, PathStep b) implements PathStep {}

  /**
   * {@code ?} (zero, not many), {@code *} (zero and many), {@code +} (many): the nodes reached,
   * each once, as SPARQL 1.1 defines these operators (no counting of routes).
   */
  record Closure(PathStep step, boolean zero, boolean many) implements PathStep {}

  /**
   * {@code !(...)}: one edge of any predicate but the excluded ones, forward if the set has forward
   * members (or no backward ones), backward if it has backward members.
   */
  record Negated(long[] excludedForward, long[] excludedBackward, boolean forward, boolean backward)
      implements PathStep {}

  /** The path as steps, or null if it uses an operator outside SPARQL 1.1. */
  static PathStep of(Path path, QuadView view) {
    return of(path, view, false);
  }

  private static PathStep of(Path path, QuadView view, boolean inverse) {
    return switch (path) {
      case P_Link l -> new Link(view.id(l.getNode()), inverse);
      case P_ReverseLink l -> new Link(view.id(l.getNode()), !inverse);
      case P_Inverse i -> of(i.getSubPath(), view, !inverse);
      case P_Seq s -> {
        PathStep a = of(s.getLeft(), view, inverse);
        PathStep b = of(s.getRight(), view, inverse);
        yield a == null || b == null ? null : inverse ? new Seq(b, a) : new Seq(a, b);
      }
      case P_Alt s -> {
        PathStep a = of(s.getLeft(), view, inverse);
        PathStep b = of(s.getRight(), view, inverse);
        yield a == null || b == null ? null : new Alt(a, b);
      }
      case P_ZeroOrOne z -> closure(of(z.getSubPath(), view, inverse), true, false);
      case P_ZeroOrMore1 z -> closure(of(z.getSubPath(), view, inverse), true, true);
      case P_OneOrMore1 z -> closure(of(z.getSubPath(), view, inverse), false, true);
      case P_NegPropSet n -> {
        long[] fwd = ids(n.getFwdNodes(), view);
        long[] bwd = ids(n.getBwdNodes(), view);
        boolean f = !n.getFwdNodes().isEmpty() || n.getBwdNodes().isEmpty();
        boolean b = !n.getBwdNodes().isEmpty();
        yield inverse ? new Negated(bwd, fwd, b, f) : new Negated(fwd, bwd, f, b);
      }
      default -> null;
    };
  }

  private static PathStep closure(PathStep step, boolean zero, boolean many) {
    return step == null ? null : new Closure(step, zero, many);
  }

  private static long[] ids(List<Node> nodes, QuadView view) {
    return nodes.stream().mapToLong(view::id).filter(id -> id != QuadView.NONE).toArray();
  }

  /** The same path walked from its end to its start. */
  static PathStep reverse(PathStep step) {
    return switch (step) {
      case Link l -> new Link(l.p(), !l.backward());
      case Seq s -> new Seq(reverse(s.then()), reverse(s.first()));
      case Alt a -> new Alt(reverse(a.a()), reverse(a.b()));
      case Closure c -> new Closure(reverse(c.step()), c.zero(), c.many());
      case Negated n ->
          new Negated(n.excludedBackward(), n.excludedForward(), n.backward(), n.forward());
    };
  }

  /**
   * True if a {@code *} or {@code ?} gives the path a zero-length route at its top: through
   * alternatives and sequences, not inside a {@code +} (where ARQ, whose answers Quarry keeps, does
   * not ask whether the node is in the graph).
   */
  static boolean zeroAtTop(PathStep step) {
    return switch (step) {
      case Closure c -> c.zero();
      case Alt a -> zeroAtTop(a.a()) || zeroAtTop(a.b());
      case Seq s -> zeroAtTop(s.first()) && zeroAtTop(s.then());
      default -> false;
    };
  }

  /** True if the path matches a zero-length route (a node to itself). */
  static boolean nullable(PathStep step) {
    return switch (step) {
      case Link l -> false;
      case Negated n -> false;
      case Seq s -> nullable(s.first()) && nullable(s.then());
      case Alt a -> nullable(a.a()) || nullable(a.b());
      case Closure c -> c.zero() || nullable(c.step());
    };
  }
}
