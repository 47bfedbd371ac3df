package dev.quarry.core.query;

import dev.quarry.core.query.exec.IdOperator;
import dev.quarry.core.storage.ThreadIo;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.apache.jena.sparql.algebra.Algebra;
import org.apache.jena.sparql.exec.QueryExec;
import org.apache.jena.sparql.exec.QueryExecBuilder;

/**
 * Runs a query to its end and describes how it ran: each tree of operators Quarry's executor ran on
 * ids, with the planner's estimated rows and the rows each operator actually produced; parts left
 * to ARQ appear as ARQ's algebra around them. For {@code quarry query --explain} and the endpoint's
 * {@code explain=true}.
 */
public final class Explain {
  private Explain() {}

  /** Runs the query built by {@code exec} (call in a read transaction) and returns the plans. */
  public static String run(QueryExecBuilder exec) {
    List<IdOperator> plans = new ArrayList<>();
    List<String> leftToArq = new ArrayList<>();
    long rows = 0;
    long start = System.nanoTime();
    long requestsBefore = ThreadIo.counts()[ThreadIo.REQUESTS];
    long receivedBefore = ThreadIo.counts()[ThreadIo.BYTES_RECEIVED];
    String algebra;
    try (QueryExec qe =
        exec.set(QuarryOpExecutor.PLANS, plans)
            .set(QuarryOpExecutor.LEFT_TO_ARQ, leftToArq)
            .build()) {
      // In the query's context: its dataset's optimiser (Quarry's), as the run uses.
      algebra = Algebra.optimize(Algebra.compile(qe.getQuery()), qe.getContext()).toString();
      switch (qe.getQuery().queryType()) {
        case SELECT -> {
          var rs = qe.select();
          while (rs.hasNext()) {
            rs.next();
            rows++;
          }
        }
        case ASK -> rows = qe.ask() ? 1 : 0;
        case CONSTRUCT -> rows = count(qe.constructTriples());
        case DESCRIBE -> rows = count(qe.describeTriples());
        default -> {}
      }
    }
    double ms = (System.nanoTime() - start) / 1e6;
    long requests = ThreadIo.counts()[ThreadIo.REQUESTS] - requestsBefore;
    long received = ThreadIo.counts()[ThreadIo.BYTES_RECEIVED] - receivedBefore;
    StringBuilder sb = new StringBuilder();
    sb.append(String.format(Locale.ROOT, "%d rows in %.1f ms%n", rows, ms));
    if (requests > 0) {
      // planning's (estimates, the constants' ids) and the results' terms included; the read of
      // the commit record that began the transaction is not
      sb.append(
          String.format(
              Locale.ROOT,
              "%d requests to the store's servers, %s received%n",
              requests,
              bytes(received)));
    }
    sb.append(System.lineSeparator());
    sb.append("ARQ algebra (after ARQ's optimiser):\n").append(algebra).append('\n');
    if (plans.isEmpty()) {
      sb.append("No part ran on Quarry's id executor.\n");
    }
    if (leftToArq.isEmpty()) {
      sb.append("Every operator ran on Quarry's id executor.\n");
    } else {
      Map<String, Integer> kinds = new TreeMap<>();
      leftToArq.forEach(k -> kinds.merge(k, 1, Integer::sum));
      sb.append("Left to ARQ (operator: times evaluated): ").append(kinds).append('\n');
    }
    for (int i = 0; i < plans.size(); i++) {
      sb.append(
          String.format(
              "Id plan %d (estimated rows / actual rows, ms in the operator / with its inputs;"
                  + " its own reads, where it made any):%n",
              i + 1));
      render(plans.get(i), 1, sb);
    }
    return sb.toString();
  }

  private static long count(Iterator<?> it) {
    long n = 0;
    while (it.hasNext()) {
      it.next();
      n++;
    }
    return n;
  }

  /**
   * The reads the operator made itself (its inputs' taken out), where it made any: pages the pool
   * read on a miss (from the device, or the OS cache without O_DIRECT), pages it asked read-ahead
   * for, term records read past the term cache, requests to a remote backend and what they brought.
   */
  private static String reads(IdOperator op) {
    long[] own = new long[ThreadIo.KINDS];
    for (int k = 0; k < ThreadIo.KINDS; k++) {
      own[k] = op.io(k);
      for (IdOperator in : op.inputs()) {
        own[k] -= in.io(k);
      }
    }
    long pages = own[ThreadIo.PAGES_READ];
    long ahead = own[ThreadIo.READ_AHEAD];
    long terms = own[ThreadIo.TERM_READS];
    long requests = own[ThreadIo.REQUESTS];
    long received = own[ThreadIo.BYTES_RECEIVED];
    List<String> parts = new ArrayList<>();
    if (pages > 0) {
      parts.add(pages + " pages read");
    }
    if (ahead > 0) {
      parts.add(ahead + " read ahead");
    }
    if (terms > 0) {
      parts.add(terms + " term reads");
    }
    if (requests > 0) {
      parts.add(requests + " requests");
    }
    if (received > 0) {
      parts.add(bytes(received) + " received");
    }
    return parts.isEmpty() ? "" : "  (" + String.join(", ", parts) + ")";
  }

  /** A byte count as people read it: 812 B, 14.2 KB, 3.1 MB. */
  static String bytes(long n) {
    if (n < 1024) {
      return n + " B";
    }
    if (n < 1024 * 1024) {
      return String.format(Locale.ROOT, "%.1f KB", n / 1024.0);
    }
    return String.format(Locale.ROOT, "%.1f MB", n / (1024.0 * 1024));
  }

  private static void render(IdOperator op, int depth, StringBuilder sb) {
    sb.append("  ".repeat(depth)).append(op.label());
    String est = op.estimate() < 0 ? "?" : String.format(Locale.ROOT, "%.0f", op.estimate());
    long inputs = 0;
    for (IdOperator in : op.inputs()) {
      inputs += in.nanos();
    }
    sb.append("  [").append(est).append(" / ").append(op.produced()).append("]");
    sb.append(
        String.format(
            Locale.ROOT,
            "  %.2f / %.2f ms",
            Math.max(0, op.nanos() - inputs) / 1e6,
            op.nanos() / 1e6));
    sb.append(reads(op)).append(System.lineSeparator());
    for (IdOperator in : op.inputs()) {
      render(in, depth + 1, sb);
    }
  }
}
