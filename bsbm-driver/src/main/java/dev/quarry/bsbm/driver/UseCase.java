package dev.quarry.bsbm.driver;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * A BSBM use case ({@code usecases/<name>/sparql.txt}): the query mix directories it lists, their
 * templates numbered consecutively, and the sequence of one mix (each directory's {@code
 * querymix.txt}, concatenated). Read from the driver's resources, or from a directory laid out like
 * bsbmtools' (its {@code usecases/} and {@code queries/}).
 */
public record UseCase(
    String name, List<QueryTemplate> templates, List<QueryTemplate> mix, Set<Integer> ignored) {

  public static final String EXPLORE = "explore";
  public static final String EXPLORE_AND_UPDATE = "exploreAndUpdate";
  public static final String BUSINESS_INTELLIGENCE = "businessIntelligence";

  /**
   * Explore with Q6 (a regex over every product label) where BSBM 2 had it, before V3 left it out.
   */
  public static final String EXPLORE_Q6 = "exploreQ6";

  /** Loads a use case by name ({@code explore}, {@code exploreAndUpdate}, ...). */
  public static UseCase load(String name, Path root) {
    String file = "usecases/" + name + "/sparql.txt";
    List<QueryTemplate> templates = new ArrayList<>();
    List<QueryTemplate> mix = new ArrayList<>();
    Set<Integer> ignored = new HashSet<>();
    for (String line : read(root, file).split("\\R")) {
      line = line.trim();
      if (!line.startsWith("querymix=")) {
        continue;
      }
      // querymix=<dir> [<mix file>]: the templates of dir, in the order of its querymix.txt or of
      // the named mix file there (exploreQ6 puts Q6 back into the Explore mix).
      String[] spec = line.substring("querymix=".length()).trim().split("\\s+");
      String dir = spec[0];
      String mixFile = spec.length > 1 ? spec[1] : "querymix.txt";
      int base = templates.size();
      int count = 0;
      while (exists(root, dir + "/query" + (count + 1) + ".txt")) {
        count++;
        String q = dir + "/query" + count;
        String shortName = dir.substring(dir.lastIndexOf('/') + 1) + "/query" + count;
        templates.add(
            QueryTemplate.of(
                base + count, shortName, read(root, q + ".txt"), read(root, q + "desc.txt")));
      }
      if (count == 0) {
        throw new IllegalArgumentException("no query templates in " + dir);
      }
      for (String n : read(root, dir + "/" + mixFile).trim().split("\\s+")) {
        mix.add(templates.get(base + Integer.parseInt(n) - 1));
      }
      if (exists(root, dir + "/ignoreQueries.txt")) {
        for (String n : read(root, dir + "/ignoreQueries.txt").trim().split("\\s+")) {
          if (!n.isEmpty()) {
            ignored.add(base + Integer.parseInt(n));
          }
        }
      }
    }
    if (mix.isEmpty()) {
      throw new IllegalArgumentException("use case " + name + " lists no query mix");
    }
    return new UseCase(name, List.copyOf(templates), List.copyOf(mix), Set.copyOf(ignored));
  }

  public boolean hasUpdates() {
    return mix.stream().anyMatch(t -> t.kind() == QueryTemplate.Kind.UPDATE);
  }

  private static boolean exists(Path root, String path) {
    if (root != null) {
      return Files.exists(root.resolve(path));
    }
    return UseCase.class.getResource(resource(path)) != null;
  }

  private static String read(Path root, String path) {
    try {
      if (root != null) {
        return Files.readString(root.resolve(path), StandardCharsets.UTF_8);
      }
      try (InputStream in = UseCase.class.getResourceAsStream(resource(path))) {
        if (in == null) {
          throw new IllegalArgumentException("unknown use case or query file: " + path);
        }
        return new String(in.readAllBytes(), StandardCharsets.UTF_8);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static String resource(String path) {
    return "/dev/quarry/bsbm/" + path;
  }
}
