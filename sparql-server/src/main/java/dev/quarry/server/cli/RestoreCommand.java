package dev.quarry.server.cli;

import dev.quarry.core.CheckReport;
import dev.quarry.core.Quarry;
import dev.quarry.core.Store;
import dev.quarry.io.Loader;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code quarry restore}: a backup loaded into a new store, built beside the target and checked
 * ({@code quarry check}) before it takes the target's name; nothing existing is replaced.
 */
@Command(
    name = "restore",
    mixinStandardHelpOptions = true,
    description =
        "Restore a backup (from 'quarry backup') into a new store directory, checked before it"
            + " takes the directory's name.")
final class RestoreCommand implements Callable<Integer> {
  @Option(names = "--from", paramLabel = "FILE", required = true, description = "The backup.")
  Path from;

  @Option(
      names = "--location",
      paramLabel = "DIR",
      required = true,
      description = "The new store's directory (must not exist, or be empty).")
  Path location;

  @Spec CommandSpec spec;

  @Override
  public Integer call() throws IOException {
    PrintWriter out = spec.commandLine().getOut();
    if (!Files.isRegularFile(from)) {
      throw new UsageError("no backup file " + from);
    }
    if (Files.exists(location) && !isEmptyDir(location)) {
      throw new UsageError(
          location
              + " is not empty: restore into a new directory, then swap them with the server"
              + " stopped");
    }
    Path building = location.resolveSibling(location.getFileName() + ".restoring");
    deleteTree(building);
    try {
      try (Store s = Quarry.open(building)) {
        Loader.Result r = Loader.loadFiles(s, List.of(from), null, Loader.Progress.NONE);
        CheckReport check = s.check();
        if (!check.sound()) {
          throw new UsageError("the restored store is not sound: " + check.problems());
        }
        out.printf(
            Locale.ROOT,
            "Restored %,d quads from %s in %.1f s; check: %s%n",
            r.statements(),
            from,
            r.elapsed().toMillis() / 1e3,
            check.checked());
      }
      Files.deleteIfExists(location);
      Files.move(building, location);
    } finally {
      deleteTree(building);
    }
    return 0;
  }

  private static boolean isEmptyDir(Path dir) throws IOException {
    if (!Files.isDirectory(dir)) {
      return false;
    }
    try (Stream<Path> s = Files.list(dir)) {
      return s.findAny().isEmpty();
    }
  }

  private static void deleteTree(Path dir) throws IOException {
    if (!Files.exists(dir)) {
      return;
    }
    try (Stream<Path> s = Files.walk(dir)) {
      for (Path p : s.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(p);
      }
    }
  }
}
