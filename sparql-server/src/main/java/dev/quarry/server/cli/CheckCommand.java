package dev.quarry.server.cli;

import dev.quarry.core.CheckReport;
import dev.quarry.core.Store;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

@Command(
    name = "check",
    mixinStandardHelpOptions = true,
    description = "Check a store's integrity. Exit code 0 only if it is sound.")
final class CheckCommand implements Callable<Integer> {
  @Spec CommandSpec spec;
  @Mixin StoreOption store;

  @Override
  public Integer call() {
    try (Store s = store.openExisting()) {
      CheckReport r = s.check();
      PrintWriter out = spec.commandLine().getOut();
      if (r.sound()) {
        out.println("sound: " + r.checked());
        return 0;
      }
      out.println("NOT SOUND: " + r.checked());
      r.problems().forEach(p -> out.println("  " + p));
      return QuarryMain.FAILED;
    }
  }
}
