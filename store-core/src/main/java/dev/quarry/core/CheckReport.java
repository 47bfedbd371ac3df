package dev.quarry.core;

import java.util.List;

/**
 * The outcome of an integrity check.
 *
 * @param problems what is wrong, one line each; empty when the store is sound
 * @param checked what was checked, for people (e.g. "1200 quads in 14 commits")
 */
public record CheckReport(List<String> problems, String checked) {
  public CheckReport {
    problems = List.copyOf(problems);
  }

  public boolean sound() {
    return problems.isEmpty();
  }
}
