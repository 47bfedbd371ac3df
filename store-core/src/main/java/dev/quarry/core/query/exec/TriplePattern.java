package dev.quarry.core.query.exec;

import dev.quarry.core.index.spi.QuadView;
import org.apache.jena.sparql.core.Var;

/**
 * One triple pattern as a {@link PatternJoin} looks it up: by position (subject, predicate, object)
 * a constant id, or 0 and the variable; the graph it reads (an id, or {@link QuadView#NONE} with
 * {@code graphVar} ranging over {@code namedGraphs} inside {@code GRAPH ?g}); and how EXPLAIN shows
 * it.
 */
public record TriplePattern(
    long[] consts, Var[] vars, long graph, Var graphVar, long[] namedGraphs, String text) {}
