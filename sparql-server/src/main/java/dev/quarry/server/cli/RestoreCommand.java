package dev.quarry.server.cli;

import dev.quarry.core.Backup;
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
 * {@code quarry restore}: a backup made into a new store, built beside the target and checked
 * ({@code quarry check}) before it takes the target's name; nothing existing is replaced. A
 * physical backup brings the chain of backups it follows (found beside it); an N-Quads one is
 * loaded.
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
      if (Backup.isPhysical(from)) {
        restorePhysical(building, out);
      } else {
        restoreLogical(building, out);
      }
      Files.deleteIfExists(location);
      Files.move(building, location);
    } finally {
      deleteTree(building);
    }
    return 0;
  }

  /** The chain of physical backups that ends with {@code from}, then the check. */
  private void restorePhysical(Path building, PrintWriter out) throws IOException {
    long start = System.nanoTime();
    Backup.Manifest m;
    try {
      m = Quarry.restore(from, building);
    } catch (IOException e) {
      throw new UsageError("cannot restore: " + e.getMessage());
    }
    try (Store s = OneShotStore.open(building)) {
      CheckReport check = checked(s);
      out.printf(
          Locale.ROOT,
          "Restored commit %d of store %s (%,d quads) from %s in %.1f s; check: %s%n",
          m.generation(),
          m.storeId(),
          s.stats().quads(),
          from,
          (System.nanoTime() - start) / 1e9,
          check.checked());
    }
  }

  private void restoreLogical(Path building, PrintWriter out) throws IOException {
    try (Store s = OneShotStore.open(building)) {
      Loader.Result r = Loader.loadFiles(s, List.of(from), null, Loader.Progress.NONE);
      CheckReport check = checked(s);
      out.printf(
          Locale.ROOT,
          "Restored %,d quads from %s in %.1f s; check: %s%n",
          r.statements(),
          from,
          r.elapsed().toMillis() / 1e3,
          check.checked());
    }
  }

  /** The check of the restored store; a usage error if it is not sound (nothing is renamed). */
  private static CheckReport checked(Store s) {
    CheckReport check = s.check();
    if (!check.sound()) {
      throw new UsageError("the restored store is not sound: " + check.problems());
    }
    return check;
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
