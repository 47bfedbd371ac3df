package dev.quarry.core.query;

import org.apache.jena.graph.Node;
import org.apache.jena.query.QueryExecException;
import org.apache.jena.sparql.engine.ExecutionContext;
import org.apache.jena.sparql.engine.QueryIterator;
import org.apache.jena.sparql.engine.binding.Binding;
import org.apache.jena.sparql.pfunction.PropFuncArg;
import org.apache.jena.sparql.pfunction.PropertyFunctionBase;
import org.apache.jena.sparql.pfunction.PropertyFunctionRegistry;

/**
 * Jena's {@code text:query}, registered with ARQ so that its optimiser gathers the call's list
 * arguments into one operator ({@code propfunc}); Quarry's executor runs that operator on ids (the
 * query plan's text planner). ARQ itself only reaches this class where the executor could not take
 * the part of the query around the call, and says so.
 */
public final class TextQueryFunction extends PropertyFunctionBase {
  public static final String URI = "http://jena.apache.org/text#query";

  /** Registers the function with ARQ (once; harmless again). */
  public static void register() {
    PropertyFunctionRegistry.get().put(URI, TextQueryFunction.class);
  }

  @Override
  public QueryIterator exec(
      Binding binding,
      PropFuncArg subject,
      Node predicate,
      PropFuncArg object,
      ExecutionContext cxt) {
    throw new QueryExecException(
        "text:query runs on Quarry's executor over a store with text.enabled, in a group of"
            + " patterns and filters; here it is inside a part of the query left to ARQ");
  }
}
