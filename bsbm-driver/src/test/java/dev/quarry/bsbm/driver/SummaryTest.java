package dev.quarry.bsbm.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The metrics as bsbmtools defines them (SPEC §12.4-12.5), on known measurements. */
class SummaryTest {
  private static final UseCase EXPLORE = UseCase.load(UseCase.EXPLORE, null);

  private static Driver.Measurements measurements(int clients, long wallMs, long... mixMs) {
    List<Driver.MixTiming> mixes = new ArrayList<>();
    List<Driver.Execution> executions = new ArrayList<>();
    long end = 0;
    for (int i = 0; i < mixMs.length; i++) {
      end += mixMs[i] * 1_000_000 / clients;
      mixes.add(new Driver.MixTiming(i, mixMs[i] * 1_000_000, end));
      executions.add(new Driver.Execution(1, mixMs[i] * 1_000_000 / 2, i, false));
      executions.add(new Driver.Execution(2, mixMs[i] * 1_000_000 / 2, 5, false));
    }
    return new Driver.Measurements(executions, mixes, wallMs * 1_000_000, clients, 0);
  }

  @Test
  void oneClientQmphIsAnHourOverTheMeanMixRuntime() {
    Summary s = Summary.of("t", EXPLORE, 100, 1, 0, measurements(1, 999, 100, 200, 300), 60, 0, 0);
    assertEquals(200, s.cqetMs(), 1e-9);
    assertEquals(18_000, s.qmph(), 1e-6);
    assertEquals(100, s.minMixMs(), 1e-9);
    assertEquals(300, s.maxMixMs(), 1e-9);
    assertEquals(Math.pow(100 * 200 * 300, 1.0 / 3), s.cqetGeoMs(), 1e-6);
    QueryStats q1 = s.queries().getFirst();
    assertEquals(3, q1.count());
    assertEquals(100, q1.meanMs(), 1e-9);
    assertEquals(10, q1.qps(), 1e-9);
    assertEquals(0, q1.minResults());
    assertEquals(2, q1.maxResults());
  }

  @Test
  void severalClientsQmphIsMixesPerWallClockHour() {
    Summary s =
        Summary.of("t", EXPLORE, 100, 1, 0, measurements(4, 2000, 400, 400, 400, 400), 60, 0, 0);
    assertEquals(4 * 3600.0 / 2.0, s.qmph(), 1e-6);
    // average concurrency 1.6 s / 2 s = 0.8 queries in flight; AQET 200 ms -> 4 QPS
    assertEquals(4.0, s.queries().getFirst().qps(), 1e-9);
  }

  @Test
  void coldStartTimesTheApproachToNinetyPercentOfWarm(@TempDir Path dir) throws Exception {
    // Warm: one mix a second (3,600 QMpH); 90% over a 10 s window is 9 mixes. A mix at 5 s and
    // 10 s, then one a second: the window (8 s, 18 s] is the first to hold 9.
    List<Driver.MixTiming> mixes = new ArrayList<>();
    long[] ends = new long[22];
    ends[0] = 5;
    ends[1] = 10;
    for (int i = 2; i < ends.length; i++) {
      ends[i] = 9 + i;
    }
    for (int i = 0; i < ends.length; i++) {
      mixes.add(new Driver.MixTiming(i, 1_000_000, ends[i] * 1_000_000_000L));
    }
    assertEquals(18, ColdStart.of(3600, mixes, 10, 0).secondsTo90(), 1e-9);
    ColdStart never = ColdStart.of(7200, mixes, 10, 0);
    assertEquals(-1, never.secondsTo90());

    Driver.Measurements m = new Driver.Measurements(List.of(), mixes, 31 * 1_000_000_000L, 1, 0);
    Summary s = Summary.of("t", EXPLORE, 100, 1, 0, m, 10, 3600, 0);
    SummaryJson.write(s, dir.resolve("cold.json"));
    Summary back = SummaryJson.read(dir.resolve("cold.json"));
    assertEquals(new ColdStart(3600, 18, 0), back.coldStart());
    assertTrue(SummaryReport.markdown(back).contains("reached after **18.0 s**"));
    assertFalse(SummaryReport.markdown(back).contains("start command"));
    SummaryReport.timelineChart(back, dir.resolve("cold.png"));
    assertTrue(Files.size(dir.resolve("cold.png")) > 1000);
  }

  @Test
  void aColdStartCountsFromTheServersStartCommand(@TempDir Path dir) throws Exception {
    // The server answered 4 s after its start command; then one mix a second. Warm is 3,600
    // QMpH; 90% over a 2 s window is 1.8 mixes: the window that ends with the second mix (at 2 s
    // into the run, 6 s after the command) is the first to hold two.
    List<Driver.MixTiming> mixes = new ArrayList<>();
    for (int i = 0; i < 10; i++) {
      mixes.add(new Driver.MixTiming(i, 1_000_000, (i + 1) * 1_000_000_000L));
    }
    long started = 1_700_000_000_000L;
    Driver.Measurements m =
        new Driver.Measurements(List.of(), mixes, 10 * 1_000_000_000L, 1, started + 4_000);
    Summary s = Summary.of("t", EXPLORE, 100, 1, 0, m, 2, 3600, started);
    assertEquals(4, s.coldStart().startSeconds(), 1e-9);
    assertEquals(6, s.coldStart().secondsTo90(), 1e-9);
    SummaryJson.write(s, dir.resolve("start.json"));
    Summary back = SummaryJson.read(dir.resolve("start.json"));
    assertEquals(s.coldStart(), back.coldStart());
    String md = SummaryReport.markdown(back);
    assertTrue(
        md.contains("first answer after **4.0 s**, these 10 mixes done after **14.0 s**"), md);
    assertTrue(md.contains("reached after **6.0 s** from the start command"), md);

    // No warm figure: the start-up is still timed, no approach reported.
    Summary noWarm = Summary.of("t", EXPLORE, 100, 1, 0, m, 2, 0, started);
    assertEquals(-1, noWarm.coldStart().secondsTo90());
    assertFalse(SummaryReport.markdown(noWarm).contains("90%"));
  }

  @Test
  void percentilesAreNearestRank() {
    double[] v = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10};
    assertEquals(5, QueryStats.percentile(v, 50));
    assertEquals(10, QueryStats.percentile(v, 95));
    assertEquals(1, QueryStats.percentile(v, 1));
  }

  @Test
  void theJsonResultFileRoundTrips(@TempDir Path dir) throws Exception {
    Summary s = Summary.of("t", EXPLORE, 100, 7, 3, measurements(1, 999, 100, 200, 300), 60, 0, 0);
    SummaryJson.write(s, dir.resolve("r.json"));
    Summary back = SummaryJson.read(dir.resolve("r.json"));
    assertEquals(s.qmph(), back.qmph(), 1e-3);
    assertEquals(s.queries().size(), back.queries().size());
    assertEquals(s.queries().get(1).name(), back.queries().get(1).name());
    assertEquals(s.checkFailures(), back.checkFailures());
    assertEquals(7, back.seed());
  }

  @Test
  void resultElementsAreCountedAcrossBufferBoundaries() {
    byte[] xml =
        ("<?xml version=\"1.0\"?><sparql><head/><results>"
                + "<result><binding name=\"x\"/></result><result>\n</result>"
                + "<result ></result></results></sparql>")
            .getBytes(StandardCharsets.US_ASCII);
    for (int split = 1; split < xml.length; split++) {
      ResultCounter c = new ResultCounter();
      c.feed(xml, 0, split);
      c.feed(xml, split, xml.length - split);
      assertEquals(3, c.results(), "split at " + split);
    }
  }
}
