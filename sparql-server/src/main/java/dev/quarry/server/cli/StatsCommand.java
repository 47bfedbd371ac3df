package dev.quarry.server.cli;

import dev.quarry.core.Store;
import dev.quarry.core.StoreStats;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import org.apache.jena.atlas.json.JsonObject;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

@Command(name = "stats", mixinStandardHelpOptions = true, description = "Show what a store holds.")
final class StatsCommand implements Callable<Integer> {
  @Spec CommandSpec spec;
  @Mixin StoreOption store;

  @Override
  public Integer call() throws Exception {
    PrintWriter out = spec.commandLine().getOut();
    RunningServer server = store.server();
    if (server != null) { // the server holds the store: ask it
      JsonObject st = server.json("/$/stats", "GET");
      print(
          out,
          st.getString("location") + " (through the server at " + server.endpoint() + ")",
          st.getString("backend"),
          new StoreStats(
              st.getNumber("quads").longValue(),
              st.getNumber("graphs").longValue(),
              st.getNumber("terms").longValue(),
              st.getNumber("bytes").longValue()));
      return 0;
    }
    try (Store s = store.openExisting()) {
      print(
          out, s.location().map(Object::toString).orElse("(no directory)"), s.backend(), s.stats());
    }
    return 0;
  }

  private static void print(PrintWriter out, String location, String backend, StoreStats st) {
    out.printf("store    %s%n", location);
    out.printf("backend  %s%n", backend);
    out.printf("quads    %,d%n", st.quads());
    out.printf("graphs   %,d%n", st.graphs());
    out.printf("terms    %,d%n", st.terms());
    out.printf("bytes    %,d (%s)%n", st.bytesOnDisk(), Texts.bytes(st.bytesOnDisk()));
  }
}
