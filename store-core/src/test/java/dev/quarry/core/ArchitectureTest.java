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
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
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
          Map.entry("dict", Set.of("btree", "txn")),
          Map.entry("index.spi", Set.of()),
          Map.entry("index", Set.of("index.spi", "dict", "txn", "btree", "buffer")),
          Map.entry("query.rules", Set.of("index.spi")),
          Map.entry("query.memory", Set.of()),
          Map.entry("query.exec", Set.of("index.spi", "query.rules", "query.memory", "dict")),
          Map.entry(
              "query.plan",
              Set.of("index.spi", "query.rules", "query.exec", "query.memory", "dict")),
          Map.entry(
              "query",
              Set.of("index.spi", "query.rules", "query.exec", "query.plan", "query.memory")),
          Map.entry("jena", Set.of("index.spi", "query")),
          // The API hands adapters of other APIs (the RDF4J Sail) the index SPI.
          Map.entry("", Set.of("config", "storage", "query", "query.memory", "index.spi")),
          Map.entry(
              "engine",
              Set.of(
                  "",
                  "jena",
                  "index",
                  "index.spi",
                  "dict",
                  "txn",
                  "btree",
                  "buffer",
                  "storage",
                  "config")));

  /** Of the dictionary, the executor uses only the id functions: no terms, no trees. */
  private static final Set<String> DICT_FOR_QUERY =
      Set.of("dict.NodeIds", "dict.InlineValues", "dict.ValueRanges");

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
   * backend gives a term the same id and the executor works on any of them unchanged; and the Jena
   * adapter over any backend of the SPI.
   */
  private static final Set<String> BACKEND_CLASSES =
      Set.of("dict.NodeIds", "dict.InlineValues", "dict.TermCodec", "jena.QuarryDatasetGraph");

  private static final Set<String> BACKEND_MODULES = Set.of("store-accumulo");

  /** store-core's tests another backend runs on itself (from its own tests only). */
  private static final Set<String> TEST_KITS = Set.of("query.QueryDifferentialTest");

  private static final Pattern REF =
      Pattern.compile("\\bdev\\.quarry\\.core\\.((?:[a-z][a-z0-9]*\\.)*)([A-Z][A-Za-z0-9]*)");
  private static final Pattern COMMENTS = Pattern.compile("/\\*.*?\\*/|//[^\\n]*", Pattern.DOTALL);

  /** package -> (used package -> one class that shows it). */
  private static Map<String, Map<String, String>> graph(Path sources) throws IOException {
    Map<String, Map<String, String>> g = new TreeMap<>();
    Path root = sources.resolve(CORE.replace('.', '/'));
    try (Stream<Path> files = Files.walk(root)) {
      for (Path f : files.filter(p -> p.toString().endsWith(".java")).toList()) {
        String pkg = root.relativize(f.getParent()).toString().replace('/', '.');
        Map<String, String> uses = g.computeIfAbsent(pkg, k -> new TreeMap<>());
        for (String[] ref : references(f)) {
          if (!ref[0].equals(pkg)) {
            uses.putIfAbsent(ref[0], root.relativize(f) + " uses " + ref[1]);
          }
          if (pkg.startsWith("query") && ref[0].equals("dict")) {
            assertTrue(
                DICT_FOR_QUERY.contains(ref[1]),
                root.relativize(f)
                    + " uses "
                    + ref[1]
                    + ": the executor may use "
                    + DICT_FOR_QUERY);
          }
        }
      }
    }
    return g;
  }

  /** Each reference to a store-core class: {relative package, "package.Class"}. */
  private static List<String[]> references(Path file) throws IOException {
    String code = COMMENTS.matcher(Files.readString(file)).replaceAll("");
    List<String[]> out = new ArrayList<>();
    Matcher m = REF.matcher(code);
    while (m.find()) {
      String pkg = m.group(1).isEmpty() ? "" : m.group(1).substring(0, m.group(1).length() - 1);
      out.add(new String[] {pkg, pkg.isEmpty() ? m.group(2) : pkg + "." + m.group(2)});
    }
    return out;
  }

  @Test
  void eachPackageUsesOnlyTheLayersItMay() throws IOException {
    Map<String, Map<String, String>> g = graph(Path.of("src/main/java"));
    assertEquals(new TreeSet<>(ALLOWED.keySet()), g.keySet(), "a new package needs its row here");
    List<String> wrong = new ArrayList<>();
    g.forEach(
        (pkg, uses) ->
            uses.forEach(
                (used, example) -> {
                  if (!ALLOWED.get(pkg).contains(used)) {
                    wrong.add("'" + pkg + "' may not use '" + used + "': " + example);
                  }
                }));
    assertTrue(wrong.isEmpty(), String.join("\n", wrong));
  }

  @Test
  void noPackageCycle() throws IOException {
    Map<String, Map<String, String>> g = graph(Path.of("src/main/java"));
    List<String> cycle = findCycle(g);
    assertTrue(cycle.isEmpty(), "package cycle: " + String.join(" -> ", cycle));
  }

  /** A cycle of the graph as its packages in order (first repeated at the end), or empty. */
  static List<String> findCycle(Map<String, Map<String, String>> g) {
    Map<String, Integer> state = new TreeMap<>(); // 1 on the path, 2 done
    for (String start : g.keySet()) {
      List<String> path = new ArrayList<>();
      if (visit(start, g, state, path)) {
        return path;
      }
    }
    return List.of();
  }

  private static boolean visit(
      String pkg,
      Map<String, Map<String, String>> g,
      Map<String, Integer> state,
      List<String> path) {
    Integer s = state.get(pkg);
    if (s != null && s == 2) {
      return false;
    }
    if (s != null) {
      path.subList(0, path.indexOf(pkg)).clear();
      path.add(pkg);
      return true;
    }
    state.put(pkg, 1);
    path.add(pkg);
    for (String next : g.getOrDefault(pkg, Map.of()).keySet()) {
      if (visit(next, g, state, path)) {
        return true;
      }
    }
    path.remove(path.size() - 1);
    state.put(pkg, 2);
    return false;
  }

  @Test
  void theCycleFinderFindsCycles() {
    Map<String, Map<String, String>> g =
        Map.of(
            "a", Map.of("b", ""),
            "b", Map.of("c", ""),
            "c", Map.of("a", ""),
            "d", Map.of("a", ""));
    assertEquals(List.of("a", "b", "c", "a"), findCycle(new TreeMap<>(g)));
    assertEquals(List.of(), findCycle(Map.of("a", Map.of("b", ""), "b", Map.of())));
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
          for (String[] ref : references(f)) {
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
}
