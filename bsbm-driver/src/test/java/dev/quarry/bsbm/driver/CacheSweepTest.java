package dev.quarry.bsbm.driver;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CacheSweepTest {
  @Test
  void oneRowPerPoolSizeAndAChart(@TempDir Path dir) throws Exception {
    List<CacheSweep.Point> points =
        List.of(
            new CacheSweep.Point(0.125, 32L << 20, 90_000, 0.991, 58_000),
            new CacheSweep.Point(1, 256L << 20, 140_000, 1.0, 2),
            new CacheSweep.Point(2, 512L << 20, 142_000, 1.0, 2));
    String md = CacheSweep.markdown("sweep", 256L << 20, 560L << 20, points);
    assertTrue(md.contains("| 1/8 | 32 MB | 90,000 | 99.10% | 58,000 |"), md);
    assertTrue(md.contains("| 2 | 512 MB | 142,000 | 100.00% | 2 |"), md);
    assertTrue(md.contains("Page file 256 MB"), md);
    Path png = dir.resolve("sweep.png");
    CacheSweep.chart("sweep", points, png);
    assertTrue(Files.size(png) > 1000);
  }
}
