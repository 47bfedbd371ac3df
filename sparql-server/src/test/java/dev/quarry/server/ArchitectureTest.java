package dev.quarry.server;

import dev.quarry.core.PackageGraph;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The server's layering, checked on its sources: each package uses only the packages its row names
 * (inside the module by relative name, "" its root; Quarry's other modules by full name), and no
 * package cycle. store-core's ArchitectureTest says which of store-core's packages are public.
 */
class ArchitectureTest {
  private static final String CORE = "dev.quarry.core";

  private static final Map<String, Set<String>> ALLOWED =
      Map.ofEntries(
          Map.entry("http", Set.of()),
          // A connection's limits, at the front of its pipeline: the configuration only.
          Map.entry("connections", Set.of(CORE + ".config")),
          Map.entry("auth", Set.of(CORE + ".config")),
          Map.entry("sparql.results", Set.of()),
          // The query page sizes each query's memory from the server's pool (query.memory).
          Map.entry("sparql", Set.of("http", "sparql.results", CORE, CORE + ".query.memory")),
          Map.entry("gsp", Set.of("http", CORE, "dev.quarry.io")),
          Map.entry(
              "",
              Set.of(
                  "http",
                  "connections",
                  "auth",
                  "sparql",
                  "gsp",
                  CORE,
                  CORE + ".config",
                  CORE + ".query.memory",
                  "dev.quarry.io")),
          Map.entry("train", Set.of("", CORE, CORE + ".config", "dev.quarry.io")),
          // The command line: the server, and one-shot commands on a store of their own.
          Map.entry(
              "cli",
              Set.of(
                  "",
                  "http",
                  "auth",
                  "sparql",
                  "train",
                  CORE,
                  CORE + ".config",
                  CORE + ".storage",
                  "dev.quarry.io")));

  @Test
  void eachPackageUsesOnlyWhatItsRowAllowsAndNoneFormsACycle() {
    PackageGraph.of(Path.of("src/main/java"), "dev.quarry.server").assertLayered(ALLOWED);
  }
}
