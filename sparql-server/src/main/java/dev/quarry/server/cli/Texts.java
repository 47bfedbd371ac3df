package dev.quarry.server.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/** Command arguments that are either text or {@code @file}. */
final class Texts {
  private Texts() {}

  static String textOrFile(String arg) {
    if (!arg.startsWith("@")) {
      return arg;
    }
    Path f = Path.of(arg.substring(1));
    try {
      return Files.readString(f);
    } catch (NoSuchFileException e) {
      throw new UsageError("file not found: " + f);
    } catch (IOException e) {
      throw new UsageError("cannot read " + f + ": " + e.getMessage());
    }
  }

  static String bytes(long n) {
    if (n < 1024) {
      return n + " B";
    }
    String[] units = {"KiB", "MiB", "GiB", "TiB"};
    double v = n;
    int u = -1;
    while (v >= 1024 && u < units.length - 1) {
      v /= 1024;
      u++;
    }
    return String.format("%.1f %s", v, units[u]);
  }
}
