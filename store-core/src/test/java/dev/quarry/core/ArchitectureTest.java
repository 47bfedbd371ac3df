package dev.quarry.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The layering of store-core, checked on its sources: no package cycle, each package using only the
 * packages its row below names (the executor sees the data only through the index SPI and the
 * dictionary's id functions), and the other modules using only the public API. A new dependency is
 * a decision: make it here, with its reason, or not at all.
 */
class ArchitectureTest {
  private static final String CORE = "dev.quarry.core";

  /** Package (relative to dev.quarry.core; "" is the API) -> the packages it may use. */
  private static final Map<String, Set<String>> ALLOWED =
      Map.ofEntries(
          Map.entry("config", Set.of()),
          Map.entry("storage", Set.of("config")),
          Map.entry("buffer", Set.of("storage", "config")),
          Map.entry("btree", Set.of("buffer", "storage")),
          Map.entry("txn", Set.of("btree", "buffer", "storage")),
          // storage: the per-thread read counts (ThreadIo) the term file adds to. config, here and
          // in the executor and planner: Caches, how every cache on a query's path is built.
          Map.entry("dict", Set.of("btree", "txn", "storage", "config")),
          Map.entry("index.spi", Set.of()),
          Map.entry("index", Set.of("index.spi", "dict", "txn", "btree", "buffer")),
          // Lucene's index of literals, a participant of the store's commits.
          Map.entry("text", Set.of("index.spi", "txn", "dict", "config")),
          Map.entry("query.rules", Set.of("index.spi")),
          Map.entry("query.memory", Set.of()),
          // storage: only ThreadIo, the reads explain counts per operator (STORAGE_FOR_QUERY).
          Map.entry(
              "query.exec",
              Set.of("index.spi", "query.rules", "query.memory", "dict", "storage", "config")),
          Map.entry(
              "query.plan",
              Set.of("index.spi", "query.rules", "query.exec", "query.memory", "dict", "config")),
          // storage: only ThreadIo (explain's count of a remote backend's requests).
          Map.entry(
              "query",
              Set.of(
                  "index.spi",
                  "query.rules",
                  "query.exec",
                  "query.plan",
                  "query.memory",
                  "storage")),
          Map.entry("jena", Set.of("index.spi", "query")),
          // The API hands adapters of other APIs (the RDF4J Sail) the index SPI, and builds the
          // Jena dataset over any backend of it (QuadBackendStore).
          Map.entry("", Set.of("config", "storage", "query", "query.memory", "index.spi", "jena")),
          Map.entry(
              "engine",
              Set.of(
                  "",
                  "index",
                  "index.spi",
                  "text",
                  "dict",
                  "txn",
                  "btree",
                  "buffer",
                  "storage",
                  "config")));

  /** Of the dictionary, the executor uses only the id functions: no terms, no trees. */
  private static final Set<String> DICT_FOR_QUERY =
      Set.of(
          "dict.NodeIds",
          "dict.InlineValues",
          "dict.ValueRanges",
          "dict.LongSet",
          "dict.LanguageIds");

  /** Of the storage layer, the executor uses only the per-thread read counts. */
  private static final Set<String> STORAGE_FOR_QUERY = Set.of("storage.ThreadIo");

  /**
   * What other modules may use: the API package, configuration, the store's error, the memory pool
   * a server sizes for its queries, and the index SPI (the RDF4J Sail reads and writes through it;
   * a second backend implements it).
   */
  private static final Set<String> PUBLIC_PACKAGES =
      Set.of("", "config", "query.memory", "index.spi");

  private static final Set<String> PUBLIC_CLASSES = Set.of("storage.StoreException");

  /**
   * What a storage backend in another module may use besides the public API: the id scheme (tags,
   * inline values, which the executor decides filters on) and the bytes of a term, so that every
   * backend gives a term the same id and the executor works on any of them unchanged; the
   * per-thread counts explain shows per operator, which a remote backend adds its requests to. The
   * Jena adapter over a backend is the API's (QuadBackendStore).
   */
  private static final Set<String> BACKEND_CLASSES =
      Set.of("dict.NodeIds", "dict.InlineValues", "dict.TermCodec", "storage.ThreadIo");

  private static final Set<String> BACKEND_MODULES = Set.of("store-accumulo");

  /** store-core's tests another backend runs on itself (from its own tests only). */
  private static final Set<String> TEST_KITS = Set.of("query.QueryDifferentialTest");

  @Test
  void eachPackageUsesOnlyTheLayersItMay() {
    PackageGraph g = PackageGraph.of(Path.of("src/main/java"), CORE);
    // Only Quarry's own packages count here: store-core uses no other module.
    g.assertAllowed(ALLOWED);
    for (String pkg : g.uses().keySet()) {
      if (!pkg.startsWith("query")) {
        continue;
      }
      for (String[] ref : g.referencesIn(pkg)) {
        String used = ref[1] + "." + ref[2];
        assertTrue(
            !ref[1].equals("dict") || DICT_FOR_QUERY.contains(used),
            ref[0] + " uses " + used + ": the executor may use " + DICT_FOR_QUERY);
        assertTrue(
            !ref[1].equals("storage") || STORAGE_FOR_QUERY.contains(used),
            ref[0] + " uses " + used + ": the executor may use " + STORAGE_FOR_QUERY);
      }
    }
  }

  @Test
  void noPackageCycle() {
    PackageGraph.of(Path.of("src/main/java"), CORE).assertNoCycle();
  }

  @Test
  void theCycleFinderFindsCycles() {
    Map<String, Map<String, String>> g =
        Map.of(
            "a", Map.of("b", ""),
            "b", Map.of("c", ""),
            "c", Map.of("a", ""),
            "d", Map.of("a", ""));
    assertEquals(List.of("a", "b", "c", "a"), PackageGraph.findCycle(new TreeMap<>(g)));
    assertEquals(List.of(), PackageGraph.findCycle(Map.of("a", Map.of("b", ""), "b", Map.of())));
  }

  @Test
  void otherModulesUseOnlyThePublicApi() throws IOException {
    List<String> wrong = new ArrayList<>();
    int files = 0;
    for (String module :
        List.of(
            "store-io",
            "store-rdf4j",
            "store-accumulo",
            "sparql-server",
            "bsbm-driver",
            "lubm-tests")) {
      Path src = Path.of("..", module, "src");
      if (!Files.isDirectory(src)) {
        continue;
      }
      try (Stream<Path> all = Files.walk(src)) {
        for (Path f : all.filter(p -> p.toString().endsWith(".java")).toList()) {
          files++;
          for (String[] full : PackageGraph.references(f)) {
            String[] ref = inCore(full);
            if (ref == null) {
              continue; // another module's class
            }
            boolean backendKit =
                BACKEND_MODULES.contains(module)
                    && (BACKEND_CLASSES.contains(ref[1])
                        || TEST_KITS.contains(ref[1]) && f.toString().contains("/src/test/"));
            if (!PUBLIC_PACKAGES.contains(ref[0])
                && !PUBLIC_CLASSES.contains(ref[1])
                && !backendKit) {
              wrong.add(f + " uses " + ref[1]);
            }
          }
        }
      }
    }
    assertTrue(files > 0 || !Files.isDirectory(Path.of("..", "sparql-server")), "modules read");
    assertTrue(wrong.isEmpty(), "outside the public API:\n" + String.join("\n", wrong));
  }

  /** A reference {full package, class} as {package relative to core, "package.Class"}, or null. */
  private static String[] inCore(String[] ref) {
    if (!ref[0].equals(CORE) && !ref[0].startsWith(CORE + ".")) {
      return null;
    }
    String pkg = ref[0].equals(CORE) ? "" : ref[0].substring(CORE.length() + 1);
    return new String[] {pkg, pkg.isEmpty() ? ref[1] : pkg + "." + ref[1]};
  }
}
