package dev.quarry.server.cli;

import java.nio.file.Path;
import picocli.CommandLine.Option;

/** {@code --location DIR} or {@code --endpoint URL}: what a command reads, one of the two. */
final class StoreOrEndpoint {
  @Option(names = "--location", paramLabel = "DIR", required = true, description = "A store.")
  Path location;

  @Option(
      names = "--endpoint",
      paramLabel = "URL",
      required = true,
      description = "A SPARQL endpoint, e.g. http://127.0.0.1:7878/sparql.")
  String endpoint;
}
