package dev.quarry.server.cli;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * The file a running server leaves in its store's directory, naming its endpoint, so that commands
 * given the directory of a store the server holds can go through the server instead.
 */
final class ServerEndpointFile {
  static final String NAME = "server-endpoint";

  private ServerEndpointFile() {}

  static void write(Path storeDir, URI endpoint) throws IOException {
    Path tmp = storeDir.resolve(NAME + ".tmp");
    Files.writeString(tmp, endpoint + "\n");
    Files.move(tmp, storeDir.resolve(NAME), StandardCopyOption.ATOMIC_MOVE);
  }

  static void delete(Path storeDir) {
    try {
      Files.deleteIfExists(storeDir.resolve(NAME));
    } catch (IOException e) {
      // A stale file only costs a command a failed connection and a clear message.
    }
  }

  /** The endpoint named in {@code storeDir}, or null if there is none. */
  static URI read(Path storeDir) {
    try {
      Path f = storeDir.resolve(NAME);
      return Files.isRegularFile(f) ? URI.create(Files.readString(f).strip()) : null;
    } catch (IOException | IllegalArgumentException e) {
      return null;
    }
  }
}
