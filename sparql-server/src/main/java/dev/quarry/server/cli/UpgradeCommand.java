package dev.quarry.server.cli;

import dev.quarry.core.Quarry;
import dev.quarry.core.Store;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code quarry upgrade}: brings a store in an older on-disk format to this Quarry's, in place,
 * after copying its files aside (which the older Quarry still opens), then checks it. Formats this
 * Quarry cannot upgrade in place get the backup-and-restore commands instead.
 */
@Command(
    name = "upgrade",
    mixinStandardHelpOptions = true,
    description =
        "Upgrade a store in an older on-disk format to this Quarry's, in place; its files are"
            + " copied aside first (to DIR.FORMAT unless --copy-to or --no-copy). The server must"
            + " be stopped.")
final class UpgradeCommand implements Callable<Integer> {
  @Option(names = "--location", paramLabel = "DIR", required = true, description = "The store.")
  Path location;

  @Option(
      names = "--copy-to",
      paramLabel = "DIR",
      description = "Where to copy the store first (a new directory).")
  Path copyTo;

  @Option(names = "--no-copy", description = "Upgrade without copying the store first.")
  boolean noCopy;

  @Spec CommandSpec spec;

  @Override
  public Integer call() throws Exception {
    PrintWriter out = spec.commandLine().getOut();
    if (!Quarry.exists(location)) {
      throw new UsageError("no Quarry store in " + location);
    }
    String format = Quarry.formatOf(location);
    if (Quarry.FORMAT.equals(format)) {
      out.printf("The store in %s is in this Quarry's format (%s) already%n", location, format);
      return 0;
    }
    Path aside =
        noCopy
            ? null
            : copyTo != null
                ? copyTo
                : location.resolveSibling(location.getFileName() + "." + format);
    String was = Quarry.upgrade(location, aside);
    try (Store s = OneShotStore.open(location)) {
      if (!s.check().sound()) {
        throw new UsageError(
            "the upgraded store is not sound: "
                + s.check().problems()
                + (aside == null ? "" : "; the store as it was is in " + aside));
      }
      out.printf(
          "Upgraded %s from %s to %s; sound, %,d quads%s%n",
          location,
          was,
          Quarry.FORMAT,
          s.stats().quads(),
          aside == null ? "" : "; the store as it was is in " + aside);
      boolean beforeLanguages = was.equals("paged-v1") || was.equals("paged-v2");
      if (was.equals("paged-v4")) {
        out.printf(
            "Its term records stay as they are, not coded with a symbol table as a new store's"
                + " are (about 1.7x smaller). A reload codes them (docs/OPERATING.md, Upgrading)%n");
      } else {
        out.printf(
            "Its terms keep their ids, which do not hold %sIRIs ending in a number, as a new"
                + " store's do: those are read from the term file; nor are its records coded"
                + " with a symbol table. A reload gives them both (docs/OPERATING.md, Upgrading)%n",
            beforeLanguages ? "a literal's language or " : "");
      }
    }
    return 0;
  }
}
