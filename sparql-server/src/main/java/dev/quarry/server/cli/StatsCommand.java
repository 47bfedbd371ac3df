package dev.quarry.server.cli;

import dev.quarry.core.Store;
import dev.quarry.core.StoreStats;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

@Command(name = "stats", mixinStandardHelpOptions = true, description = "Show what a store holds.")
final class StatsCommand implements Callable<Integer> {
  @Spec CommandSpec spec;
  @Mixin StoreOption store;

  @Override
  public Integer call() {
    try (Store s = store.openExisting()) {
      StoreStats st = s.stats();
      PrintWriter out = spec.commandLine().getOut();
      out.printf("store    %s%n", s.location().map(Object::toString).orElse("(memory)"));
      out.printf("backend  %s%n", s.backend());
      out.printf("quads    %,d%n", st.quads());
      out.printf("graphs   %,d%n", st.graphs());
      out.printf("terms    %,d%n", st.terms());
      out.printf("bytes    %,d (%s)%n", st.bytesOnDisk(), Texts.bytes(st.bytesOnDisk()));
    }
    return 0;
  }
}
