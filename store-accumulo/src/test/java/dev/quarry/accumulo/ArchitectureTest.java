package dev.quarry.accumulo;

import dev.quarry.core.PackageGraph;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The Accumulo backend's layering, checked on its sources: each package uses only the packages its
 * row names (inside the module by relative name, "" its root; Quarry's other modules by full name),
 * and no package cycle. store-core's ArchitectureTest says which of store-core's packages are
 * public.
 */
class ArchitectureTest {
  private static final String CORE = "dev.quarry.core";

  private static final Map<String, Set<String>> ALLOWED =
      Map.ofEntries(
          // A backend: the SPI it implements, the id scheme and term bytes every backend shares
          // (dict: which classes, store-core's ArchitectureTest says), configuration, errors.
          Map.entry(
              "",
              Set.of(
                  "tserver",
                  CORE,
                  CORE + ".config",
                  CORE + ".dict",
                  CORE + ".index.spi",
                  CORE + ".storage")),
          // What runs inside the tablet servers (scans and compactions), from this module's jar in
          // their lib/: Accumulo alone, none of Quarry.
          Map.entry("tserver", Set.of()));

  @Test
  void eachPackageUsesOnlyWhatItsRowAllowsAndNoneFormsACycle() {
    PackageGraph.of(Path.of("src/main/java"), "dev.quarry.accumulo").assertLayered(ALLOWED);
  }
}
