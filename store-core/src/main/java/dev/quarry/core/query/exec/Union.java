package dev.quarry.core.query.exec;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.apache.jena.sparql.core.Var;

/** The rows of each branch in turn, over the union of their columns. */
public final class Union extends IdOperator {
  private final List<IdOperator> branches;
  private final int[][] maps;
  private int current;

  public Union(List<IdOperator> branches) {
    super(columns(branches));
    this.branches = branches;
    this.maps = new int[branches.size()][];
    for (int b = 0; b < branches.size(); b++) {
      maps[b] = VarColumns.of(branches.get(b).vars(), vars);
    }
  }

  private static List<Var> columns(List<IdOperator> branches) {
    List<Var> out = new ArrayList<>();
    for (IdOperator b : branches) {
      for (Var v : b.vars()) {
        if (!out.contains(v)) {
          out.add(v);
        }
      }
    }
    return out;
  }

  /** Those of the branches, and each column some branch lacks. */
  @Override
  public Set<Var> maybeUnbound() {
    Set<Var> out = super.maybeUnbound();
    for (IdOperator b : branches) {
      for (Var v : vars) {
        if (!b.vars().contains(v)) {
          out.add(v);
        }
      }
    }
    return out;
  }

  @Override
  protected Rows compute() {
    while (current < branches.size()) {
      Rows in = branches.get(current).next();
      if (in == null) {
        current++;
        continue;
      }
      int[] map = maps[current];
      Rows out = new Rows(vars.size(), in.size);
      for (int r = 0; r < in.size; r++) {
        int at = out.append();
        for (int c = 0; c < map.length; c++) {
          out.data[at + map[c]] = in.data[r * in.width + c];
        }
      }
      return out;
    }
    return null;
  }

  @Override
  public String label() {
    return "union";
  }

  @Override
  public List<IdOperator> inputs() {
    return branches;
  }
}
