package dev.quarry.server.cli;

import dev.quarry.core.Quarry;
import dev.quarry.core.Store;
import dev.quarry.core.config.Config;
import java.nio.file.Path;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * The store a command works on: {@code --location DIR} (a store in a directory), or {@code
 * --store-config FILE} (a YAML file whose {@code store.*} options name it, e.g. tables in an
 * Accumulo instance); and {@code --token} for the server that may hold it.
 */
final class StoreOption {
  @Mixin TokenOption token;

  @Option(names = "--location", paramLabel = "DIR", description = "The store's directory.")
  Path location;

  @Option(
      names = "--store-config",
      paramLabel = "FILE",
      description =
          "A configuration file (YAML) whose store options name the store, instead of --location"
              + " (e.g. store.storage: accumulo and its instance).")
  Path storeConfig;

  /**
   * The running server that holds this store (named in its directory), or null: commands then go
   * through the server rather than fail on the store's lock, with the {@code --token} given. A
   * store without a directory has no such lock: commands open it themselves.
   */
  RunningServer server() {
    return location == null ? null : RunningServer.holding(location, token.token);
  }

  /** The store, for people: its directory or its configuration file. */
  String describe() {
    check();
    return location != null ? location.toString() : "the store of " + storeConfig;
  }

  private void check() {
    if ((location == null) == (storeConfig == null)) {
      throw new UsageError("give the store as one of --location DIR or --store-config FILE");
    }
  }

  /** The options that open the store, without a server's warm-up. */
  private Config config() {
    check();
    if (location != null) {
      return OneShotStore.open(Config.defaults(), location);
    }
    return Config.defaults().withFile(storeConfig).with("store.warm-up", false);
  }

  /** Opens the existing store; a directory without one is a usage error. */
  Store openExisting() {
    Config c = config();
    if (!Quarry.exists(c)) {
      String create = location != null ? "--location " + location : "--store-config " + storeConfig;
      throw new UsageError(
          "no Quarry store in "
              + describe()
              + " (create one with 'quarry load "
              + create
              + " FILE...')");
    }
    return Quarry.open(c);
  }

  /** Opens the store, creating it if there is none; with {@code text}, with its text index. */
  Store openOrCreate(boolean text) {
    return Quarry.open(text ? config().with("text.enabled", true) : config());
  }
}
