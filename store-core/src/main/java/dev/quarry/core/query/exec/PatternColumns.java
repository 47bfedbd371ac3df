package dev.quarry.core.query.exec;

import dev.quarry.core.index.spi.QuadView;
import dev.quarry.core.query.rules.Rules;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.function.LongPredicate;
import org.apache.jena.sparql.core.Var;

/**
 * A triple pattern against the rows it joins: where each of its positions is in the output row (an
 * input column, a new one, or none for a constant), and the output rows of each quad it matches,
 * checked against the row's bound columns, the graph and (with inference) expanded to the
 * superclasses of a type. {@link PatternJoin} finds the quads; this writes their rows.
 */
final class PatternColumns {
  final long graph;
  final long[] consts; // s, p, o: a constant id, or 0 for a variable
  final int[] cols; // s, p, o: the output column of the variable, or -1
  final boolean[] inInput; // s, p, o: the variable is an input column
  final int gCol; // the graph variable's column (GRAPH ?g), or -1: the graph is constant
  private final boolean gInInput;
  private final long[] namedGraphs; // sorted: the graphs the graph variable ranges over
  final Rules rules;
  final int inWidth;
  // Every quad a scan reads is a row (no inference, no graph variable, no variable repeated or
  // bound by the input): rows are written without the checks of emit.
  final boolean plain;
  // A match found by a probe agrees with the row's bound positions (the probe was made from them):
  // it is the row plus its fresh columns, written without the checks of emit (no inference, no
  // graph variable, no variable repeated in the pattern; a new column for each fresh variable).
  private final boolean direct;
  // Positions to look up with the value of an input column they must equal (see equalTo).
  private int[] equalTo;
  private LongPredicate equalMeansSame;

  PatternColumns(TriplePattern pattern, List<Var> inVars, List<Var> vars, Rules rules) {
    this.graph = pattern.graph();
    this.consts = pattern.consts().clone();
    Var[] varsAt = pattern.vars();
    Var graphVar = pattern.graphVar();
    this.cols = new int[3];
    this.inInput = new boolean[3];
    for (int k = 0; k < 3; k++) {
      cols[k] = varsAt[k] == null ? -1 : vars.indexOf(varsAt[k]);
      inInput[k] = varsAt[k] != null && inVars.contains(varsAt[k]);
    }
    this.gCol = graphVar == null ? -1 : vars.indexOf(graphVar);
    this.gInInput = graphVar != null && inVars.contains(graphVar);
    long[] named = pattern.namedGraphs();
    this.namedGraphs = named == null ? new long[0] : named.clone();
    Arrays.sort(this.namedGraphs);
    this.rules = rules;
    this.inWidth = inVars.size();
    boolean repeated = false;
    boolean bound = false;
    for (int k = 0; k < 3; k++) {
      bound |= inInput[k];
      for (int j = k + 1; j < 3; j++) {
        repeated |= varsAt[k] != null && varsAt[k].equals(varsAt[j]);
      }
    }
    this.plain = rules == null && graphVar == null && !repeated && !bound;
    int fresh = 0;
    for (int k = 0; k < 3; k++) {
      fresh += cols[k] >= inWidth ? 1 : 0;
    }
    this.direct = rules == null && graphVar == null && !repeated && vars.size() == inWidth + fresh;
  }

  /** See {@link PatternJoin#equalTo}. */
  void equalTo(int[] cols, LongPredicate equalMeansSame) {
    this.equalTo = cols;
    this.equalMeansSame = equalMeansSame;
  }

  /** The graph row r's matches must be in: the constant one, the row's, or 0 for any named one. */
  long graphOf(Rows rows, int r) {
    return gCol < 0 ? graph : gInInput ? rows.get(r, gCol) : QuadView.NONE;
  }

  boolean named(long g) {
    return Arrays.binarySearch(namedGraphs, g) >= 0;
  }

  /**
   * The value an equality filter gives position k of row {@code r} to look up, or 0: the row's
   * value of the column it equals, if equal there means the same term (see {@link #equalTo}).
   */
  long fromFilter(Rows rows, int r, int k) {
    if (equalTo == null || equalTo[k] < 0) {
      return 0;
    }
    long id = rows.get(r, equalTo[k]);
    boolean same = (equalTo[3] & (1 << k)) != 0 || (id != 0 && equalMeansSame.test(id));
    return same ? id : 0;
  }

  /**
   * True if position k of a quad found with predicate p may differ from the pattern's bound value
   * by inference: a subproperty for the predicate, a subclass for the class of rdf:type.
   */
  private boolean inferred(int k, long p) {
    return rules != null && (k == 1 || (k == 2 && p == rules.typeId()));
  }

  /** True if a type pattern with a free class yields every superclass of each stored class. */
  boolean classesUp(long p, long o) {
    return rules != null && p == rules.typeId() && o == 0 && cols[2] >= 0;
  }

  /**
   * Adds a row for each of quads {@code from..from+n-1} of a scan's batch (by part: {@code s, p,
   * o}), for input row {@code r}: every one matches (the scan read exactly the pattern, see {@link
   * #plain}).
   */
  void emitAll(Rows out, Rows rows, int r, long[] s, long[] p, long[] o, int from, int n) {
    int width = out.width;
    int at = out.reserve(n);
    long[] data = out.data;
    int base = r * rows.width;
    int cs = cols[0];
    int cp = cols[1];
    int co = cols[2];
    for (int i = from; i < from + n; i++, at += width) {
      if (inWidth > 0) {
        System.arraycopy(rows.data, base, data, at, inWidth);
      }
      if (cs >= 0) {
        data[at + cs] = s[i];
      }
      if (cp >= 0) {
        data[at + cp] = p[i];
      }
      if (co >= 0) {
        data[at + co] = o[i];
      }
    }
  }

  private void setIfUnbound(long[] data, int at, int col, long id) {
    if (col >= 0 && (col >= inWidth || data[at + col] == 0)) {
      data[at + col] = id;
    }
  }

  /**
   * Adds the output rows of one matching quad for input row {@code r}, if it fits the row; with
   * {@code seen} (inference may find a solution twice), only rows not seen for that row's key.
   */
  void emit(
      Rows out, Rows rows, int r, long rowKey, Set<RowKey> seen, long g, long s, long p, long o) {
    int base = r * rows.width;
    if (direct) {
      if (g == graph) {
        int at = out.reserve(1);
        long[] data = out.data;
        System.arraycopy(rows.data, base, data, at, inWidth);
        // A column of the input the row left unbound (0) takes the match's value too.
        setIfUnbound(data, at, cols[0], s);
        setIfUnbound(data, at, cols[1], p);
        setIfUnbound(data, at, cols[2], o);
      }
      return;
    }
    if (gCol < 0 ? g != graph : !named(g) || (gInInput && !agrees(rows.data[base + gCol], g))) {
      return;
    }
    long[] q = {s, p, o};
    // Bound positions must agree (ranges are prefixes; inferred predicates and classes differ).
    for (int k = 0; k < 3; k++) {
      if (inferred(k, p)) {
        continue;
      }
      long bound = consts[k] != 0 ? consts[k] : inInput[k] ? rows.data[base + cols[k]] : 0;
      if (bound != 0 && bound != q[k]) {
        return;
      }
    }
    long[] classes =
        classesUp(p, inInput[2] ? rows.data[base + cols[2]] : consts[2])
            ? rules.superClassesOf(o)
            : null;
    int copies = classes == null ? 1 : classes.length;
    for (int c = 0; c < copies; c++) {
      if (classes != null) {
        q[2] = classes[c];
      }
      int at = out.append();
      System.arraycopy(rows.data, base, out.data, at, inWidth);
      boolean ok = true;
      for (int k = 0; k < 3 && ok; k++) {
        int col = cols[k];
        if (col < 0) {
          continue;
        }
        long have = out.data[at + col];
        if (have == 0) {
          out.data[at + col] = q[k];
        } else if (have != q[k] && !inferred(k, p)) {
          ok = false; // a variable repeated in the pattern, bound differently
        }
      }
      if (ok && gCol >= 0) {
        long have = out.data[at + gCol];
        ok = agrees(have, g);
        out.data[at + gCol] = g;
      }
      if (ok && seen != null) {
        // The whole row: a pattern may also fill input columns a row left unbound.
        long[] key = new long[out.width + 1];
        key[0] = rowKey;
        System.arraycopy(out.data, at, key, 1, out.width);
        ok = seen.add(new RowKey(key));
      }
      if (!ok) {
        out.size--;
      }
    }
  }

  private static boolean agrees(long bound, long id) {
    return bound == 0 || bound == id;
  }
}
