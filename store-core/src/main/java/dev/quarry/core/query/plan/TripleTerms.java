package dev.quarry.core.query.plan;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.Triple;
import org.apache.jena.sparql.core.Var;

/**
 * Triple terms with variables inside a group's patterns ({@code ?r rdf:reifies <<( ?s :p ?o )>>},
 * what reified triples and annotations become), made plannable: each such term becomes a variable
 * of its own in the pattern, and a {@link Term} says which parts it must have. The pattern is then
 * an ordinary lookup; the term is matched to its parts on ids once either side is bound ({@link
 * dev.quarry.core.query.exec.TripleTermMatch}). A nested term is a part that is itself such a
 * variable, with a term of its own.
 */
final class TripleTerms {
  /** Numbers the terms' variables: unique in a process, so two groups' never meet in a join. */
  private static final AtomicLong NEXT = new AtomicLong();

  /** A term's variable and its parts: a variable or a concrete term each. */
  record Term(Var var, Node[] parts) {
    /** How many parts are constants. */
    int constants() {
      int n = 0;
      for (Node p : parts) {
        n += Var.isVar(p) ? 0 : 1;
      }
      return n;
    }

    List<Var> partVars() {
      List<Var> out = new ArrayList<>();
      for (Node n : parts) {
        if (Var.isVar(n)) {
          out.add(Var.alloc(n));
        }
      }
      return out;
    }
  }

  /** The patterns with their terms replaced by variables, and those terms. */
  record Rewrite(List<Triple> triples, List<Term> terms) {}

  private TripleTerms() {}

  /** True if {@code n} is a triple term with a variable somewhere inside. */
  static boolean open(Node n) {
    return n.isTripleTerm() && !n.isConcrete();
  }

  /** {@code triples} with every open triple term a variable, or null if there is none. */
  static Rewrite of(List<Triple> triples) {
    if (triples.stream().noneMatch(TripleTerms::hasOpen)) {
      return null;
    }
    List<Term> terms = new ArrayList<>();
    List<Triple> out = new ArrayList<>();
    for (Triple t : triples) {
      out.add(
          Triple.create(
              replace(t.getSubject(), terms),
              replace(t.getPredicate(), terms),
              replace(t.getObject(), terms)));
    }
    return new Rewrite(out, terms);
  }

  static boolean hasOpen(Triple t) {
    return open(t.getSubject()) || open(t.getPredicate()) || open(t.getObject());
  }

  private static Node replace(Node n, List<Term> terms) {
    if (!open(n)) {
      return n;
    }
    Triple t = n.getTriple();
    Node[] parts = {
      replace(t.getSubject(), terms),
      replace(t.getPredicate(), terms),
      replace(t.getObject(), terms)
    };
    Var v = Var.alloc("?tt" + NEXT.incrementAndGet()); // "??tt1": a hidden variable, like "??0"
    terms.add(new Term(v, parts));
    return v;
  }

  /** The variables inside a pattern's terms as well as its own. */
  static void vars(Node n, java.util.Set<Var> out) {
    if (Var.isVar(n)) {
      out.add(Var.alloc(n));
    } else if (n.isTripleTerm()) {
      Triple t = n.getTriple();
      vars(t.getSubject(), out);
      vars(t.getPredicate(), out);
      vars(t.getObject(), out);
    }
  }
}
