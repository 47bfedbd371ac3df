package dev.quarry.core.query.exec;

import dev.quarry.core.dict.NodeIds;
import dev.quarry.core.index.spi.QuadView;
import java.util.ArrayList;
import java.util.List;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.graph.Triple;
import org.apache.jena.sparql.core.Var;

/**
 * A triple term with variables inside ({@code <<( ?s :p ?o )>>} in a pattern), matched on ids: the
 * term's column and its parts' columns and constants agree. The planner gives the term a variable
 * of its own and runs this as soon as one side is bound:
 *
 * <ul>
 *   <li>unpacking: the term is bound; its parts' ids, read from its record without decoding, bind
 *       the parts' variables or must equal their values and the constants (a term that is no triple
 *       term drops the row);
 *   <li>packing: every part is bound; the term is found by its parts' ids (a hash lookup), and a
 *       row whose parts make no stored term is dropped, as no quad can hold it;
 *   <li>finding: neither is, but the predicate and the object (or subject) are constants: the
 *       store's terms with those parts ({@link QuadView#tripleTermsWith}), listed once, each joined
 *       to every row and unpacked.
 * </ul>
 */
public final class TripleTermMatch extends BatchOperator {
  private final Var term;
  private final long[] consts; // per part: its id, or 0 for a variable
  private final Var[] parts; // per part: its variable, or null for a constant

  /** Which side the match starts from (see the class comment). */
  public enum Mode {
    UNPACK,
    PACK,
    FIND
  }

  private final Mode mode;
  private final long[] found; // FIND: the candidate terms
  private final TermSpace terms;
  private final QuadView view;

  /**
   * @param consts per part (subject, predicate, object) the constant's id, or 0 where {@code parts}
   *     names a variable
   * @param found FIND's candidate terms (null otherwise)
   */
  public TripleTermMatch(
      IdOperator input,
      Var term,
      long[] consts,
      Var[] parts,
      Mode mode,
      long[] found,
      TermSpace terms) {
    super(columns(input.vars(), term, parts), input);
    this.term = term;
    this.consts = consts.clone();
    this.parts = parts.clone();
    this.mode = mode;
    this.found = found == null ? null : found.clone();
    this.terms = terms;
    this.view = terms.view();
  }

  private static List<Var> columns(List<Var> in, Var term, Var[] parts) {
    List<Var> out = new ArrayList<>(in);
    for (Var v : parts) {
      if (v != null && !out.contains(v)) {
        out.add(v);
      }
    }
    if (!out.contains(term)) {
      out.add(term);
    }
    return out;
  }

  @Override
  protected Rows apply(Rows in) {
    int termCol = vars.indexOf(term);
    int[] partCols = new int[3];
    for (int k = 0; k < 3; k++) {
      partCols[k] = parts[k] == null ? -1 : vars.indexOf(parts[k]);
    }
    Rows out = new Rows(vars.size(), in.size);
    long[] ids = new long[3];
    for (int r = 0; r < in.size; r++) {
      if (mode == Mode.FIND) {
        for (long candidate : found) {
          int at = out.appendCopy(in, r);
          long had = out.data[at + termCol];
          out.data[at + termCol] = candidate;
          if ((had != NodeIds.NONE && had != candidate)
              || !unpack(out.data, at, termCol, partCols, ids)) {
            out.size--;
          }
        }
        continue;
      }
      int at = out.appendCopy(in, r);
      long[] row = out.data;
      boolean keep =
          mode == Mode.PACK
              ? pack(row, at, termCol, partCols, ids)
              : unpack(row, at, termCol, partCols, ids);
      if (!keep) {
        out.size--;
      }
    }
    return out;
  }

  private boolean unpack(long[] row, int at, int termCol, int[] partCols, long[] ids) {
    long id = row[at + termCol];
    if (id == NodeIds.NONE || !partsOf(id, ids)) {
      return false;
    }
    for (int k = 0; k < 3; k++) {
      if (partCols[k] < 0) {
        if (ids[k] != consts[k]) {
          return false;
        }
      } else {
        long had = row[at + partCols[k]];
        if (had == NodeIds.NONE) {
          row[at + partCols[k]] = ids[k]; // a later part naming the same variable checks it
        } else if (had != ids[k]) {
          return false;
        }
      }
    }
    return true;
  }

  /** The parts' ids of term {@code id}; false if it is not a triple term. */
  private boolean partsOf(long id, long[] ids) {
    if (NodeIds.tag(id) != NodeIds.TAG_QUERY_LOCAL) {
      return view.tripleParts(id, ids);
    }
    Node n = terms.decode(id); // a term of the query's (VALUES, BIND): its parts by their terms
    if (!n.isTripleTerm()) {
      return false;
    }
    Triple t = n.getTriple();
    ids[0] = terms.encode(t.getSubject());
    ids[1] = terms.encode(t.getPredicate());
    ids[2] = terms.encode(t.getObject());
    return true;
  }

  private boolean pack(long[] row, int at, int termCol, int[] partCols, long[] ids) {
    boolean stored = true;
    for (int k = 0; k < 3; k++) {
      ids[k] = partCols[k] < 0 ? consts[k] : row[at + partCols[k]];
      if (ids[k] == NodeIds.NONE) {
        return false; // a part some row leaves unbound: the planner packs only certain ones
      }
      stored &= NodeIds.tag(ids[k]) != NodeIds.TAG_QUERY_LOCAL;
    }
    long id =
        stored
            ? view.tripleTerm(ids[0], ids[1], ids[2])
            : terms.encode(
                NodeFactory.createTripleTerm(
                    terms.decode(ids[0]), terms.decode(ids[1]), terms.decode(ids[2])));
    if (id == NodeIds.NONE) {
      return false;
    }
    long had = row[at + termCol];
    if (had != NodeIds.NONE && had != id) {
      return false;
    }
    row[at + termCol] = id;
    return true;
  }

  @Override
  public String label() {
    return (mode == Mode.FIND
            ? "find (" + found.length + " terms) "
            : mode.name().toLowerCase(java.util.Locale.ROOT) + " ")
        + "?"
        + term.getVarName()
        + " = <<( "
        + part(0)
        + " "
        + part(1)
        + " "
        + part(2)
        + " )>>";
  }

  private String part(int k) {
    if (parts[k] != null) {
      return "?" + parts[k].getVarName();
    }
    Node n = terms.decode(consts[k]);
    return n.isURI() ? "<" + n.getURI() + ">" : n.toString();
  }
}
