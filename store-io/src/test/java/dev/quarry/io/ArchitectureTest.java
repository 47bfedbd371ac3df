package dev.quarry.io;

import dev.quarry.core.PackageGraph;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The loader module's layering, checked on its sources: each package uses only the packages its row
 * names (inside the module by relative name, "" its root; Quarry's other modules by full name), and
 * no package cycle. store-core's ArchitectureTest says which of store-core's packages are public.
 */
class ArchitectureTest {
  private static final String CORE = "dev.quarry.core";

  private static final Map<String, Set<String>> ALLOWED =
      Map.ofEntries(
          // The loader, parsers and writers use the store only through its API.
          Map.entry("", Set.of(CORE)));

  @Test
  void eachPackageUsesOnlyWhatItsRowAllowsAndNoneFormsACycle() {
    PackageGraph.of(Path.of("src/main/java"), "dev.quarry.io").assertLayered(ALLOWED);
  }
}
