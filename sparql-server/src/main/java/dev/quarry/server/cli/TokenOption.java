package dev.quarry.server.cli;

import picocli.CommandLine.Option;

/** {@code --token}: the bearer token a command sends to a server that asks for credentials. */
final class TokenOption {
  @Option(
      names = "--token",
      paramLabel = "TOKEN",
      description = "A bearer token for the server, if it asks for one.")
  String token;
}
