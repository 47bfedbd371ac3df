package dev.quarry.bsbm;

import dev.quarry.core.PackageGraph;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The benchmark module's layering, checked on its sources: each package uses only the packages its
 * row names (inside the module by relative name, "" its root; Quarry's other modules by full name),
 * and no package cycle. store-core's ArchitectureTest says which of store-core's packages are
 * public.
 */
class ArchitectureTest {
  private static final String CORE = "dev.quarry.core";

  private static final Map<String, Set<String>> ALLOWED =
      Map.ofEntries(
          Map.entry("http", Set.of()),
          Map.entry("gen", Set.of()),
          Map.entry("probe", Set.of("http")),
          // The driver runs in-process on a store (its API, or RDF4J's over it) or over HTTP.
          Map.entry("driver", Set.of("gen", "http", CORE, "dev.quarry.rdf4j")),
          Map.entry(
              "cli", Set.of("driver", "gen", "probe", CORE, CORE + ".config", "dev.quarry.io")));

  @Test
  void eachPackageUsesOnlyWhatItsRowAllowsAndNoneFormsACycle() {
    PackageGraph.of(Path.of("src/main/java"), "dev.quarry.bsbm").assertLayered(ALLOWED);
  }
}
