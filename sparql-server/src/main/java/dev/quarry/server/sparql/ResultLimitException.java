package dev.quarry.server.sparql;

/** A result larger than {@code limits.max-result-rows}. */
public final class ResultLimitException extends RuntimeException {
  public ResultLimitException(long limit) {
    super(
        "the result has more than "
            + limit
            + " rows (limits.max-result-rows): add a LIMIT to the query or raise the limit");
  }
}
