package dev.quarry.server.cli;

import dev.quarry.core.Quarry;
import dev.quarry.core.Store;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/** {@code --location DIR}: the store a command works on. */
final class StoreOption {
  @Option(
      names = "--location",
      paramLabel = "DIR",
      required = true,
      description = "The store's directory.")
  Path location;

  /**
   * The running server that holds this store (named in its directory), or null: commands then go
   * through the server rather than fail on the store's lock, with {@code token} if not null.
   */
  RunningServer server(String token) {
    return RunningServer.holding(location, token);
  }

  /** Opens the existing store; a directory without one is a usage error. */
  Store openExisting() {
    if (!Quarry.exists(location)) {
      throw new UsageError(
          "no Quarry store in "
              + location
              + " (create one with 'quarry load --location "
              + location
              + " FILE...')");
    }
    return OneShotStore.open(location);
  }

  /** Opens the store, creating it if the directory has none. */
  Store openOrCreate() {
    return OneShotStore.open(location);
  }
}
