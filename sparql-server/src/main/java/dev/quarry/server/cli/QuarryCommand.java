package dev.quarry.server.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

@Command(
    name = "quarry",
    mixinStandardHelpOptions = true,
    versionProvider = Version.class,
    description = "Quarry: an RDF quad store with a SPARQL 1.1 endpoint.",
    subcommands = {
      ServeCommand.class,
      LoadCommand.class,
      QueryCommand.class,
      UpdateCommand.class,
      DumpCommand.class,
      BackupCommand.class,
      RestoreCommand.class,
      UpgradeCommand.class,
      StatsCommand.class,
      CheckCommand.class,
      CompactCommand.class,
      AuthCommand.class,
      StatusCommand.class,
      TrainCommand.class
    })
final class QuarryCommand implements Runnable {
  @Spec CommandSpec spec;

  @Override
  public void run() {
    throw new ParameterException(spec.commandLine(), "a command is needed");
  }
}
