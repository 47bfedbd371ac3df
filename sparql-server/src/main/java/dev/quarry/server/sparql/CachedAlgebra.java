package dev.quarry.server.sparql;

import org.apache.jena.query.Query;
import org.apache.jena.sparql.algebra.Op;
import org.apache.jena.sparql.core.DatasetGraph;
import org.apache.jena.sparql.engine.Plan;
import org.apache.jena.sparql.engine.QueryEngineFactory;
import org.apache.jena.sparql.engine.QueryEngineRegistry;
import org.apache.jena.sparql.engine.binding.Binding;
import org.apache.jena.sparql.engine.main.QueryEngineMain;
import org.apache.jena.sparql.util.Context;
import org.apache.jena.sparql.util.Symbol;

/**
 * Runs a query whose optimized algebra is already known (its shape's, with its constants put in:
 * {@link QueryTemplates}) without compiling and optimizing it again: ARQ's algebra compiler and
 * optimizer were about a tenth of a short query's CPU (BSBM's Explore and BI lookups). The algebra
 * travels in the execution's context under {@link #ALGEBRA}; a query without it runs as ARQ runs
 * every query.
 */
final class CachedAlgebra {
  /** The query's optimized algebra, in its execution context. */
  static final Symbol ALGEBRA = Symbol.create("https://quarry.dev/symbols#optimizedAlgebra");

  private static final QueryEngineFactory FACTORY =
      new QueryEngineFactory() {
        @Override
        public boolean accept(Query query, DatasetGraph dataset, Context context) {
          return context != null && context.get(ALGEBRA) instanceof Op;
        }

        @Override
        public Plan create(Query query, DatasetGraph dataset, Binding input, Context context) {
          return new Engine(query, dataset, input, context).getPlan();
        }

        @Override
        public boolean accept(Op op, DatasetGraph dataset, Context context) {
          return false; // algebra handed to ARQ directly runs as ARQ runs it
        }

        @Override
        public Plan create(Op op, DatasetGraph dataset, Binding input, Context context) {
          throw new UnsupportedOperationException("queries only");
        }
      };

  static {
    QueryEngineRegistry.addFactory(FACTORY);
  }

  private CachedAlgebra() {}

  /** Makes sure the engine is registered (the first call does it). */
  static void register() {}

  /** ARQ's engine, with the algebra taken from the context instead of compiled and optimized. */
  private static final class Engine extends QueryEngineMain {
    Engine(Query query, DatasetGraph dataset, Binding input, Context context) {
      super(query, dataset, input, context);
    }

    @Override
    protected Op createOp(Query query) {
      return (Op) context.get(ALGEBRA); // runs in the constructor: context is set, fields not yet
    }

    @Override
    protected Op modifyOp(Op op) {
      return op; // optimized already
    }
  }
}
