package dev.quarry.server.cli;

import dev.quarry.core.CheckReport;
import dev.quarry.core.Store;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.apache.jena.atlas.json.JsonObject;
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
  public Integer call() throws Exception {
    PrintWriter out = spec.commandLine().getOut();
    RunningServer server = store.server();
    if (server != null) { // the server holds the store: it checks a snapshot of it
      JsonObject r = server.json("/$/check", "POST");
      List<String> problems = new ArrayList<>();
      r.get("problems").getAsArray().forEach(p -> problems.add(p.getAsString().value()));
      return report(out, new CheckReport(problems, r.getString("checked")));
    }
    try (Store s = store.openExisting()) {
      return report(out, s.check());
    }
  }

  private static int report(PrintWriter out, CheckReport r) {
    if (r.sound()) {
      out.println("sound: " + r.checked());
      return 0;
    }
    out.println("NOT SOUND: " + r.checked());
    r.problems().forEach(p -> out.println("  " + p));
    return QuarryMain.FAILED;
  }
}
