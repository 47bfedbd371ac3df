package dev.quarry.bsbm.cli;

import dev.quarry.bsbm.gen.TestDriverData;
import java.io.IOException;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/**
 * Where query parameters are drawn from: the test-driver data and the seed (options of every
 * command that draws queries).
 */
final class DrawOptions {
  @Option(
      names = {"-idir", "--td-data"},
      defaultValue = "td_data",
      description = "Test-driver data directory. Default ${DEFAULT-VALUE}.")
  Path tdData;

  @Option(
      names = "-seed",
      defaultValue = "808080",
      description = "Parameter seed. Default ${DEFAULT-VALUE}.")
  long seed;

  TestDriverData read() throws IOException {
    return TestDriverData.read(tdData);
  }
}
