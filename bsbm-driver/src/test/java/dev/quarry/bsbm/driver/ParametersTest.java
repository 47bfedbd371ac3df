package dev.quarry.bsbm.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quarry.bsbm.gen.BsbmGenerator;
import dev.quarry.bsbm.gen.TestDriverData;
import java.io.OutputStream;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Query mixes and parameters as bsbmtools' driver draws them (SPEC §11, §13). */
class ParametersTest {
  static TestDriverData reference;

  @BeforeAll
  static void referenceDriverData() throws Exception {
    reference = BsbmGenerator.generate(2785, OutputStream.nullOutputStream(), null).driverData();
  }

  private static List<MixPlan.Mix> plan(String useCase, int warmUps, int runs) {
    return new Benchmark(
            UseCase.load(useCase, null),
            reference,
            Benchmark.DEFAULT_SEED,
            warmUps,
            runs,
            1,
            Duration.ZERO,
            null,
            60,
            null,
            0,
            0)
        .plan();
  }

  @Test
  void theExploreMixIsTheOfficialTwentyFiveQueries() {
    UseCase explore = UseCase.load(UseCase.EXPLORE, null);
    assertEquals(12, explore.templates().size());
    assertEquals(
        List.of(1, 2, 2, 3, 2, 2, 4, 2, 2, 5, 7, 7, 5, 7, 7, 8, 9, 9, 8, 9, 9, 10, 10, 11, 12),
        explore.mix().stream().map(QueryTemplate::number).toList());
    assertEquals(QueryTemplate.Kind.DESCRIBE, explore.templates().get(8).kind());
    assertEquals(QueryTemplate.Kind.CONSTRUCT, explore.templates().get(11).kind());
  }

  @Test
  void exploreQ6PutsTheLabelSearchWhereBsbmTwoHadIt() {
    UseCase q6 = UseCase.load(UseCase.EXPLORE_Q6, null);
    assertEquals(
        List.of(1, 2, 2, 3, 2, 2, 4, 2, 2, 5, 7, 7, 6, 7, 7, 8, 9, 9, 8, 9, 9, 10, 10, 11, 12),
        q6.mix().stream().map(QueryTemplate::number).toList());
    String text = plan(UseCase.EXPLORE_Q6, 0, 1).get(0).queries().get(12).text();
    assertTrue(text.contains("FILTER regex(?label, \""), text);
    assertFalse(text.contains("%word1%"), text);
  }

  @Test
  void exploreAndUpdateNumbersTheUpdateTemplatesFirst() {
    UseCase uc = UseCase.load(UseCase.EXPLORE_AND_UPDATE, null);
    assertEquals(14, uc.templates().size());
    assertEquals(30, uc.mix().size());
    assertEquals(
        List.of(1, 2, 1, 2, 2, 3, 4, 4),
        uc.mix().subList(0, 8).stream().map(QueryTemplate::number).toList());
    assertTrue(uc.hasUpdates());
  }

  @Test
  void seed808080SendsTheOfficialFirstQueries() {
    // SPEC §13.1: the first query of warm-up mix 1 is Q1 with ProductType66, ProductFeature3,
    // ProductFeature1967 and x = 136; the second is Q2 with dataFromProducer26/Product1222.
    MixPlan.Mix first = plan(UseCase.EXPLORE, 1, 1).getFirst();
    String q1 = first.queries().get(0).text();
    assertTrue(
        q1.contains(
            "?product a <http://www4.wiwiss.fu-berlin.de/bizer/bsbm/v01/instances/ProductType66> ."),
        q1);
    assertTrue(
        q1.contains(
            "bsbm:productFeature <http://www4.wiwiss.fu-berlin.de/bizer/bsbm/v01/instances/ProductFeature3> ."),
        q1);
    assertTrue(
        q1.contains(
            "bsbm:productFeature <http://www4.wiwiss.fu-berlin.de/bizer/bsbm/v01/instances/ProductFeature1967> ."),
        q1);
    assertTrue(q1.contains("FILTER (?value1 > 136)"), q1);
    assertFalse(q1.contains("%"), "every placeholder filled");
    String q2 = first.queries().get(1).text();
    assertTrue(
        q2.contains(
            "<http://www4.wiwiss.fu-berlin.de/bizer/bsbm/v01/instances/dataFromProducer26/Product1222>"),
        q2);
  }

  @Test
  void mixesDrawnAsTakenAreThePlannedOnesInTheSameOrder() {
    List<MixPlan.Mix> planned = plan(UseCase.EXPLORE, 3, 4);
    MixPlan.Mixes drawn =
        MixPlan.drawn(
            UseCase.load(UseCase.EXPLORE, null),
            new Parameters(reference, Benchmark.DEFAULT_SEED, null),
            3,
            4);
    // taken out of order: the measured mixes first, as a client could
    assertEquals(planned.subList(3, 7), List.copyOf(drawn.measured()));
    assertEquals(planned.subList(0, 3), List.copyOf(drawn.warmUps()));
  }

  @Test
  @Timeout(60)
  void aRunBoundedInTimeDrawsOnlyTheMixesItTakes() {
    // 50 million mixes: planned before the run, this would take hours and gigabytes
    MixPlan.Mixes drawn =
        MixPlan.drawn(
            UseCase.load(UseCase.EXPLORE, null),
            new Parameters(reference, Benchmark.DEFAULT_SEED, null),
            0,
            50_000_000);
    assertEquals(50_000_000, drawn.measured().size());
    assertEquals(plan(UseCase.EXPLORE, 0, 2).get(1), drawn.measured().get(1));
  }

  @Test
  void theSameSeedPlansTheSameQueriesAndAnotherSeedOthers() {
    List<MixPlan.Mix> a = plan(UseCase.EXPLORE, 2, 3);
    List<MixPlan.Mix> b = plan(UseCase.EXPLORE, 2, 3);
    assertEquals(a, b);
    assertEquals(5, a.size());
    assertTrue(a.get(0).warmUp() && !a.get(2).warmUp());
    List<MixPlan.Mix> c =
        new Benchmark(
                UseCase.load(UseCase.EXPLORE, null),
                reference,
                1,
                2,
                3,
                1,
                Duration.ZERO,
                null,
                60,
                null,
                0,
                0)
            .plan();
    assertFalse(a.equals(c));
  }

  @Test
  void businessIntelligenceParametersAreTypesOfTheRightLevel() {
    for (MixPlan.Mix m : plan(UseCase.BUSINESS_INTELLIGENCE, 0, 20)) {
      for (MixPlan.Planned q : m.queries()) {
        assertFalse(q.text().contains("%"), q.template().name() + " left a placeholder");
        if (q.template().name().equals("bi/query4")) {
          // _1_0_lvleq: a non-root type, never ProductType1
          assertFalse(q.text().contains("/ProductType1>"), q.text());
        }
      }
    }
  }
}
