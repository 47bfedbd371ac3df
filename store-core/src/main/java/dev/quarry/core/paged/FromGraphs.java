package dev.quarry.core.paged;

import java.lang.reflect.Field;
import java.util.Collection;
import org.apache.jena.graph.Node;
import org.apache.jena.sparql.core.DatasetGraph;
import org.apache.jena.sparql.graph.GraphUnionRead;

/**
 * The graph behind ARQ's default graph for {@code FROM <g>}: ARQ builds it as a union (of one
 * graph) over the store, and offers no accessor, so its fields are read here. If ARQ's internals
 * change, this answers null and such queries run through ARQ: slower, never wrong (and the LUBM
 * suite, whose queries all use FROM, would show the slowdown in its inference form).
 */
final class FromGraphs {
  private static final Field DATASET = field("dataset");
  private static final Field GRAPHS = field("graphs");

  private FromGraphs() {}

  private static Field field(String name) {
    try {
      Field f = GraphUnionRead.class.getDeclaredField(name);
      f.setAccessible(true);
      return f;
    } catch (ReflectiveOperationException | RuntimeException e) {
      return null;
    }
  }

  /** The name of the single graph of {@code union} over {@code dsg}, or null. */
  static Node single(GraphUnionRead union, DatasetGraph dsg) {
    if (DATASET == null || GRAPHS == null) {
      return null;
    }
    try {
      if (DATASET.get(union) != dsg) {
        return null;
      }
      Collection<?> graphs = (Collection<?>) GRAPHS.get(union);
      return graphs.size() == 1 && graphs.iterator().next() instanceof Node n ? n : null;
    } catch (IllegalAccessException e) {
      return null;
    }
  }
}
