package dev.quarry.server.cli;

import dev.quarry.core.Store;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

@Command(
    name = "compact",
    mixinStandardHelpOptions = true,
    description =
        "Drop what no reader can see any more: on an Accumulo store, superseded versions and the"
            + " cells of aborted transactions. Servers on the store go on meanwhile.")
final class CompactCommand implements Callable<Integer> {
  @Spec CommandSpec spec;
  @Mixin StoreOption store;

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    try (Store s = store.openExisting()) {
      out.println(s.compact());
      return 0;
    } catch (UnsupportedOperationException e) {
      out.println(e.getMessage());
      return 0;
    }
  }
}
