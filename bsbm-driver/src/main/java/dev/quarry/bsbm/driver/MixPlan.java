package dev.quarry.bsbm.driver;

import java.util.AbstractList;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.IntFunction;

/**
 * Every query string of a run, drawn before it starts (as bsbmtools' driver does for several
 * clients, and in the same order as it does for one): warm-up mixes first, which skip update
 * queries without drawing their parameters, then the measured mixes. A run bounded in time draws
 * them as its clients take them instead ({@link #drawn}): drawing 100,000 mixes at BSBM 100M takes
 * 15-40 s, which a run timed from a server's start command would count as the server's.
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
      mixes.add(draw(useCase, parameters, warmUps, m));
    }
    return mixes;
  }

  /** A run's mixes: the warm-up ones, then the measured ones. */
  public record Mixes(List<Mix> warmUps, List<Mix> measured) {
    /** A plan's mixes apart (its warm-up mixes come first). */
    static Mixes of(List<Mix> plan, int warmUps) {
      return new Mixes(plan.subList(0, warmUps), plan.subList(warmUps, plan.size()));
    }
  }

  /**
   * The same mixes as {@link #plan}, drawn in the same order, each when it is first asked for (and
   * every one before it then too).
   */
  static Mixes drawn(UseCase useCase, Parameters parameters, int warmUps, int runs) {
    List<Mix> drawn = new ArrayList<>();
    IntFunction<Mix> all =
        m -> {
          synchronized (drawn) {
            while (drawn.size() <= m) {
              drawn.add(draw(useCase, parameters, warmUps, drawn.size()));
            }
            return drawn.get(m);
          }
        };
    return new Mixes(view(all, 0, warmUps), view(all, warmUps, runs));
  }

  private static List<Mix> view(IntFunction<Mix> all, int from, int size) {
    return new AbstractList<>() {
      @Override
      public Mix get(int i) {
        Objects.checkIndex(i, size);
        return all.apply(from + i);
      }

      @Override
      public int size() {
        return size;
      }
    };
  }

  private static Mix draw(UseCase useCase, Parameters parameters, int warmUps, int m) {
    boolean warmUp = m < warmUps;
    List<Planned> queries = new ArrayList<>(useCase.mix().size());
    for (QueryTemplate t : useCase.mix()) {
      if (warmUp && t.kind() == QueryTemplate.Kind.UPDATE) {
        continue;
      }
      boolean ignored = useCase.ignored().contains(t.number());
      queries.add(new Planned(t, parameters.instantiate(t), ignored));
    }
    return new Mix(m, warmUp, List.copyOf(queries));
  }
}
