package dev.quarry.server.cli;

import dev.quarry.core.config.Config;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;

/**
 * {@code --config FILE} and {@code --set key=value}. Without --config, the repository's
 * config/quarry.yaml is used when the launcher says where that is (QUARRY_HOME), else the built-in
 * defaults, which are the same file.
 */
final class ConfigOptions {
  @Option(
      names = "--config",
      paramLabel = "FILE",
      description = "Configuration file (YAML); see config/quarry.yaml.")
  Path configFile;

  @Option(
      names = "--set",
      paramLabel = "KEY=VALUE",
      description = "Set one option, e.g. --set server.port=8080 (repeatable).")
  List<String> overrides = new ArrayList<>();

  Config resolve() {
    Config c = Config.defaults();
    Path file = configFile != null ? configFile : defaultFile();
    if (file != null) {
      c = c.withFile(file);
    }
    for (String s : overrides) {
      c = c.withOverride(s);
    }
    return c;
  }

  /** The file the configuration came from, for people, or null for the built-in defaults. */
  Path source() {
    return configFile != null ? configFile : defaultFile();
  }

  private static Path defaultFile() {
    String home = System.getenv("QUARRY_HOME");
    if (home == null) {
      return null;
    }
    Path f = Path.of(home, "config", "quarry.yaml");
    return Files.isRegularFile(f) ? f : null;
  }
}
