package dev.quarry.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
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

/**
 * The packages of one module's sources and the Quarry packages each uses (by import or by full
 * name), read from the source text: what every module's ArchitectureTest checks against its table
 * of allowed uses, and for cycles. Shared through store-core's test jar.
 *
 * <p>A package inside the module is named relative to its root package ("" for the root itself);
 * one outside by its full name (e.g. {@code dev.quarry.core.config}).
 */
public final class PackageGraph {
  private static final Pattern REF =
      Pattern.compile("\\bdev\\.quarry\\.((?:[a-z][a-z0-9]*\\.)+)([A-Z][A-Za-z0-9]*)");
  private static final Pattern COMMENTS = Pattern.compile("/\\*.*?\\*/|//[^\\n]*", Pattern.DOTALL);

  private final String root;
  // package -> (used package -> one class that shows it)
  private final Map<String, Map<String, String>> uses = new TreeMap<>();
  // package -> (file -> the classes it uses), for rules finer than a package
  private final Map<String, List<String[]>> refs = new TreeMap<>();

  private PackageGraph(String root) {
    this.root = root;
  }

  /**
   * The graph of the sources under {@code sources} (e.g. src/main/java) in package {@code root}.
   */
  public static PackageGraph of(Path sources, String root) {
    PackageGraph g = new PackageGraph(root);
    Path dir = sources.resolve(root.replace('.', '/'));
    try (Stream<Path> files = Files.walk(dir)) {
      for (Path f : files.filter(p -> p.toString().endsWith(".java")).toList()) {
        String pkg = dir.relativize(f.getParent()).toString().replace('/', '.');
        Map<String, String> used = g.uses.computeIfAbsent(pkg, k -> new TreeMap<>());
        for (String[] ref : references(f)) {
          String p = g.relative(ref[0]);
          if (!p.equals(pkg)) {
            used.putIfAbsent(p, dir.relativize(f) + " uses " + ref[0] + "." + ref[1]);
          }
          g.refs
              .computeIfAbsent(pkg, k -> new ArrayList<>())
              .add(new String[] {dir.relativize(f).toString(), p, ref[1]});
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return g;
  }

  private String relative(String pkg) {
    if (pkg.equals(root)) {
      return "";
    }
    return pkg.startsWith(root + ".") ? pkg.substring(root.length() + 1) : pkg;
  }

  /** Each reference to a Quarry class in a file: {full package, class}. */
  static List<String[]> references(Path file) throws IOException {
    String code = COMMENTS.matcher(Files.readString(file)).replaceAll("");
    List<String[]> out = new ArrayList<>();
    Matcher m = REF.matcher(code);
    while (m.find()) {
      String pkg = "dev.quarry." + m.group(1).substring(0, m.group(1).length() - 1);
      out.add(new String[] {pkg, m.group(2)});
    }
    return out;
  }

  /** package -> (used package -> an example of the use). */
  public Map<String, Map<String, String>> uses() {
    return uses;
  }

  /** Each use in package {@code pkg}: {file, used package, class}. */
  public List<String[]> referencesIn(String pkg) {
    return refs.getOrDefault(pkg, List.of());
  }

  /**
   * Asserts that the packages are exactly the table's, each using only the packages its row names.
   */
  public void assertAllowed(Map<String, Set<String>> allowed) {
    assertEquals(new TreeSet<>(allowed.keySet()), uses.keySet(), "a new package needs its row");
    List<String> wrong = new ArrayList<>();
    uses.forEach(
        (pkg, used) ->
            used.forEach(
                (u, example) -> {
                  if (!allowed.get(pkg).contains(u)) {
                    wrong.add("'" + pkg + "' may not use '" + u + "': " + example);
                  }
                }));
    assertTrue(wrong.isEmpty(), String.join("\n", wrong));
  }

  /** Both checks: the table's uses only, and no cycle. */
  public void assertLayered(Map<String, Set<String>> allowed) {
    assertAllowed(allowed);
    assertNoCycle();
  }

  /** Asserts that no package depends on itself through others. */
  public void assertNoCycle() {
    List<String> cycle = findCycle(uses);
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
}
