package dev.quarry.bsbm.driver;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ComparisonTest {
  private static Summary run(String target, int clients, double qmph) {
    return new Summary(
        target, "explore", 100, 1, clients, 0, 1, qmph, 0, 0, 0, 0, 0, 0, List.of(), 60, List.of(),
        List.of(), null);
  }

  @Test
  void systemsSideBySideWithTheirRatioToTheReference(@TempDir Path dir) throws Exception {
    List<Summary> runs =
        List.of(run("Quarry", 1, 20_000), run("Quarry", 16, 60_000), run("Peer", 1, 10_000));
    Comparison c =
        new Comparison(
            Comparison.rows(runs, Map.of("Quarry", new double[] {10, 1_000_000})), "Quarry");
    String md = c.markdown(List.of(1, 16));
    assertTrue(md.contains("| Quarry | 10 | 100,000 | 20,000 | 1.00x | 60,000 | 1.00x |"), md);
    assertTrue(md.contains("| Peer | – | – | 10,000 | 2.00x | – | – |"), md);
    Path png = dir.resolve("c.png");
    c.chart(List.of(1, 16), "t", png);
    assertTrue(Files.size(png) > 1000);
  }

  @Test
  void coldRunsShareOneChartAndATableOfTheirApproachToWarm(@TempDir Path dir) throws Exception {
    Summary fast =
        new Summary(
            "Quarry",
            "explore",
            100,
            1,
            16,
            0,
            900,
            50_000,
            0,
            0,
            0,
            0,
            0,
            60,
            List.of(),
            10,
            List.of(20_000.0, 48_000.0, 50_000.0),
            List.of(),
            new ColdStart(52_000, 17, 0));
    Summary slow =
        new Summary(
            "Peer",
            "explore",
            100,
            1,
            16,
            0,
            90,
            5_000,
            0,
            0,
            0,
            0,
            0,
            60,
            List.of(),
            10,
            List.of(1_000.0, 2_000.0),
            List.of(),
            new ColdStart(9_000, -1, 0));
    String md = ColdComparison.markdown(List.of(fast, slow));
    assertTrue(md.contains("| Quarry | 16 | 20,000 | 52,000 | 17 s | 900 |"), md);
    assertTrue(md.contains("| Peer | 16 | 1,000 | 9,000 | not in 60 s | 90 |"), md);
    Path png = dir.resolve("cold.png");
    ColdComparison.chart(List.of(fast, slow), "cold", png);
    assertTrue(Files.size(png) > 1000);
  }
}
