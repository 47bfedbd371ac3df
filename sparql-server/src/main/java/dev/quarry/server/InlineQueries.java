package dev.quarry.server;

import dev.quarry.server.auth.Access;
import dev.quarry.server.sparql.QueryShape;
import dev.quarry.server.sparql.QueryTemplates;
import dev.quarry.server.sparql.ShapeRuns;
import dev.quarry.server.sparql.SparqlRequest;
import java.time.Duration;

/**
 * Which queries run on the I/O thread that read them instead of a query thread ({@code
 * server.inline-query-time}). Handing a request to a query thread and its response back wakes a
 * thread each way; for a query of a few hundred microseconds that is a large share of its time, and
 * on a new server one thread fewer competes with the JIT's compilers (measured in
 * bsbm-driver/results/2026-12-01-inline-queries).
 *
 * <p>But while a query runs on an I/O thread, the other connections that thread serves wait. So a
 * query runs there only if all of these hold:
 *
 * <ul>
 *   <li>its shape's last {@link dev.quarry.server.sparql.ShapeRuns#STREAK} queries each took at
 *       most the configured time and wrote less than {@link #QUICK_BYTES};
 *   <li>no other request is queued or running, on a query thread or an I/O thread: one query at a
 *       time runs on an I/O thread, and under load the query threads take every query (with their
 *       queue's bound and, while the JIT starts, their nice value);
 *   <li>its credentials, if it needs any, are quick to check: a bearer token, not a password (whose
 *       check is slow by design);
 *   <li>its text is short enough to look its shape up on the I/O thread.
 * </ul>
 */
final class InlineQueries {
  /** A quick query's result fits one response buffer: writing it never waits for the client. */
  static final long QUICK_BYTES = 64 * 1024;

  /** Longer texts go to a query thread without a look at their shape. */
  static final int MAX_TEXT = 8 * 1024;

  private final long quickNanos; // 0: off
  private final QueryExecutor workers;
  private final QueryTemplates templates;
  private final Access access;

  InlineQueries(Duration quick, QueryExecutor workers, QueryTemplates templates, Access access) {
    this.quickNanos = quick.toNanos();
    this.workers = workers;
    this.templates = templates;
    this.access = access;
  }

  /**
   * The shape of {@code sr}'s query, sent with {@code authorization} (the header's value, or null),
   * if the query could run on the calling I/O thread but for its shape's record ({@link #admits});
   * else null, without looking at the text. The shape goes with the query to whichever thread
   * parses it, so that it is made once.
   */
  QueryShape candidate(SparqlRequest sr, String authorization) {
    return quickNanos > 0
            && sr.text().length() <= MAX_TEXT
            && workers.idle()
            && access.quickToCheck(false, authorization)
        ? QueryShape.of(sr.text())
        : null;
  }

  /**
   * Whether a {@link #candidate}'s query may run on the calling I/O thread: then it does if nothing
   * else runs by then ({@link QueryExecutor#runHereIfIdle}).
   */
  boolean admits(QueryShape candidate) {
    return templates.quick(candidate);
  }

  /** Whether a query that took {@code nanos} and wrote {@code bytes} counts as quick. */
  boolean quick(long nanos, long bytes) {
    return nanos <= quickNanos && bytes < QUICK_BYTES;
  }

  /**
   * A query is about to send its answer, after {@code nanos} and {@code bytes}: the run goes to its
   * shape's record ({@code runs}, null: none kept), and a query thread's request stops counting as
   * running ({@link QueryExecutor#answered}). Both before the answer goes out, as the client's next
   * request may be read as soon as it has it.
   */
  void answering(ShapeRuns runs, long nanos, long bytes) {
    if (runs != null) {
      runs.ran(quick(nanos, bytes));
    }
    workers.answered();
  }

  /** A query failed: for its shape's record ({@code runs}, null: none kept), a slow run. */
  void failed(ShapeRuns runs) {
    if (runs != null) {
      runs.ran(false);
    }
  }
}
