package dev.quarry.core.query.exec;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import org.apache.jena.graph.Node;
import org.apache.jena.sparql.core.Var;
import org.apache.jena.sparql.engine.binding.Binding;
import org.apache.jena.sparql.engine.binding.BindingBase;

/**
 * One id row seen as a Jena binding, decoding a column only when it is asked for: expressions read
 * the variables they mention, and rows that never leave the engine are never decoded whole.
 */
public final class RowBinding extends BindingBase {
  private final List<Var> vars;
  private final long[] ids;
  private final TermSpace terms;

  public RowBinding(Binding parent, List<Var> vars, long[] ids, TermSpace terms) {
    super(parent);
    this.vars = vars;
    this.ids = ids;
    this.terms = terms;
  }

  @Override
  protected Iterator<Var> vars1() {
    List<Var> bound = new ArrayList<>();
    for (int i = 0; i < vars.size(); i++) {
      if (ids[i] != 0) {
        bound.add(vars.get(i));
      }
    }
    return bound.iterator();
  }

  @Override
  protected int size1() {
    int n = 0;
    for (long id : ids) {
      n += id != 0 ? 1 : 0;
    }
    return n;
  }

  @Override
  protected boolean isEmpty1() {
    return size1() == 0;
  }

  @Override
  protected boolean contains1(Var v) {
    int i = vars.indexOf(v);
    return i >= 0 && ids[i] != 0;
  }

  @Override
  protected Node get1(Var v) {
    int i = vars.indexOf(v);
    return i < 0 || ids[i] == 0 ? null : terms.decode(ids[i]);
  }

  @Override
  protected Binding detachWithNewParent(Binding newParent) {
    return new RowBinding(newParent, vars, ids, terms);
  }
}
