package dev.quarry.bsbm.driver;

import java.util.ArrayList;
import java.util.List;

/**
 * Every query string of a run, drawn before it starts (as bsbmtools' driver does for several
 * clients, and in the same order as it does for one): warm-up mixes first, which skip update
 * queries without drawing their parameters, then the measured mixes.
 */
public final class MixPlan {
  /** One query of a mix: its template and the text to send. */
  public record Planned(QueryTemplate template, String text, boolean ignored) {}

  /** One query mix. */
  public record Mix(int index, boolean warmUp, List<Planned> queries) {}

  private MixPlan() {}

  static List<Mix> plan(UseCase useCase, Parameters parameters, int warmUps, int runs) {
    List<Mix> mixes = new ArrayList<>(warmUps + runs);
    for (int m = 0; m < warmUps + runs; m++) {
      boolean warmUp = m < warmUps;
      List<Planned> queries = new ArrayList<>(useCase.mix().size());
      for (QueryTemplate t : useCase.mix()) {
        if (warmUp && t.kind() == QueryTemplate.Kind.UPDATE) {
          continue;
        }
        boolean ignored = useCase.ignored().contains(t.number());
        queries.add(new Planned(t, parameters.instantiate(t), ignored));
      }
      mixes.add(new Mix(m, warmUp, List.copyOf(queries)));
    }
    return mixes;
  }
}
