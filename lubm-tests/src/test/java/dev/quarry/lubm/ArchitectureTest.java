package dev.quarry.lubm;

import dev.quarry.core.PackageGraph;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The LUBM module's layering, checked on its sources: each package uses only the packages its row
 * names (inside the module by relative name, "" its root; Quarry's other modules by full name), and
 * no package cycle. store-core's ArchitectureTest says which of store-core's packages are public.
 */
class ArchitectureTest {
  private static final String CORE = "dev.quarry.core";

  private static final Map<String, Set<String>> ALLOWED =
      Map.ofEntries(
          // A generator and the LUBM suites over the store's API and the loader.
          Map.entry("", Set.of(CORE, CORE + ".config", "dev.quarry.io")));

  @Test
  void eachPackageUsesOnlyWhatItsRowAllowsAndNoneFormsACycle() {
    PackageGraph.of(Path.of("src/main/java"), "dev.quarry.lubm").assertLayered(ALLOWED);
  }
}
