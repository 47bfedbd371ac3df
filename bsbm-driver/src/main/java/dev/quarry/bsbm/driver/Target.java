package dev.quarry.bsbm.driver;

import java.time.Duration;

/** What the driver runs queries against: Quarry in process, or a SPARQL endpoint over HTTP. */
public interface Target extends AutoCloseable {
  /** What a query gave back. */
  record Outcome(long results, boolean timedOut) {
    static final Outcome TIMED_OUT = new Outcome(0, true);
  }

  /**
   * Runs one query to the end, results read (and counted: rows for SELECT, triples for DESCRIBE and
   * CONSTRUCT, 0 for updates). A query that runs past {@code timeout} is given up.
   *
   * @throws Exception when the query fails; the driver stops the run (a benchmark with failed
   *     queries measures nothing)
   */
  Outcome execute(QueryTemplate.Kind kind, String query, Duration timeout) throws Exception;

  /**
   * Returns once the target answers queries (a server may still be starting), or throws after
   * {@code max}. Targets in this process are ready at once.
   */
  default void awaitReady(Duration max) throws Exception {}

  /** A short description for reports, e.g. {@code Quarry embedded} or the endpoint URL. */
  String describe();

  @Override
  void close();
}
