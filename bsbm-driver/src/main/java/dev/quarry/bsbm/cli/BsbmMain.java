package dev.quarry.bsbm.cli;

import java.io.PrintWriter;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The {@code bsbm} command line: {@code generate} the dataset, {@code run} the driver against
 * Quarry (embedded or over HTTP) or any SPARQL endpoint. Exit codes: 0 success, 1 the work failed,
 * 2 the command was used wrongly.
 */
@Command(
    name = "bsbm",
    mixinStandardHelpOptions = true,
    description = "The Berlin SPARQL Benchmark (V3.1, as bsbmtools 0.2): generator and driver.",
    subcommands = {
      GenerateCommand.class,
      RunCommand.class,
      SweepCommand.class,
      QueriesCommand.class,
      CompareCommand.class,
      ProbeCommand.class,
      LoadTestCommand.class
    })
public final class BsbmMain implements Runnable {
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  public static void main(String[] args) {
    System.exit(run(args));
  }

  public static int run(String... args) {
    CommandLine cl = new CommandLine(new BsbmMain());
    cl.setParameterExceptionHandler(
        (ex, a) -> {
          PrintWriter err = ex.getCommandLine().getErr();
          err.println("error: " + ex.getMessage());
          return 2;
        });
    cl.setExecutionExceptionHandler(
        (ex, cmd, parsed) -> {
          cmd.getErr().println("error: " + (ex.getMessage() == null ? ex : ex.getMessage()));
          cmd.getErr().flush();
          return ex instanceof IllegalArgumentException ? 2 : 1;
        });
    return cl.execute(args);
  }

  @Override
  public void run() {
    spec.commandLine().usage(spec.commandLine().getOut());
  }
}
