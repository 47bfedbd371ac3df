package dev.quarry.server.cli;

import dev.quarry.core.Quarry;
import dev.quarry.core.Store;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
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
      out.println(whatItLacks(was));
    }
    return 0;
  }

  /** What a store upgraded from {@code was} lacks that a new one has, and what gives it. */
  static String whatItLacks(String was) {
    int v = Integer.parseInt(was.substring("paged-v".length()));
    List<String> ids = new ArrayList<>();
    if (v <= 2) {
      ids.add("a literal's language");
    }
    if (v <= 3) {
      ids.add("IRIs ending in a number");
    }
    if (v <= 5) {
      ids.add("numbers of other datatypes (\"5.5\"^^ex:USD)");
    }
    String records =
        v <= 4 ? ", and its records are not coded with a symbol table (about 1.7x larger)" : "";
    return "Its terms keep the ids and records they had: unlike a new store's, its ids do not hold "
        + String.join(", nor ", ids)
        + records
        + ". A reload gives it all (docs/OPERATING.md, Upgrading)";
  }
}
