package dev.quarry.rdf4j;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;

/**
 * The Sail's namespaces: committed with the transactions that change them, kept in the store's
 * directory ({@code rdf4j-namespaces.properties}, replaced in one atomic rename) so they outlive
 * the process; in memory for a memory store. A namespace change commits after the transaction's
 * statements: a crash between the two keeps the statements and loses the namespace change.
 */
final class Namespaces {
  static final String FILE = "rdf4j-namespaces.properties";

  private final Path file; // null: memory
  private Map<String, String> committed = new TreeMap<>();

  Namespaces(Path storeDir) {
    this.file = storeDir == null ? null : storeDir.resolve(FILE);
    if (file != null && Files.exists(file)) {
      Properties p = new Properties();
      try (InputStream in = Files.newInputStream(file)) {
        p.load(in);
      } catch (IOException e) {
        throw new UncheckedIOException("cannot read " + file + ": " + e.getMessage(), e);
      }
      p.forEach((k, v) -> committed.put((String) k, (String) v));
    }
  }

  /** The committed namespaces seen through a transaction's changes (null: none). */
  synchronized Map<String, String> view(Changes c) {
    if (c == null || (c.namespaces.isEmpty() && !c.namespacesCleared)) {
      return new TreeMap<>(committed);
    }
    return applied(committed, c);
  }

  /** Commits a transaction's namespace changes. */
  synchronized void apply(Changes c) {
    if (c.namespaces.isEmpty() && !c.namespacesCleared) {
      return;
    }
    Map<String, String> next = applied(committed, c);
    if (file != null) {
      Properties p = new Properties();
      p.putAll(next);
      Path tmp = file.resolveSibling(FILE + ".tmp");
      try {
        try (OutputStream out = Files.newOutputStream(tmp)) {
          p.store(out, "RDF4J namespaces of this Quarry store");
        }
        try (FileChannel ch = FileChannel.open(tmp, StandardOpenOption.WRITE)) {
          ch.force(true);
        }
        Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
      } catch (IOException e) {
        throw new UncheckedIOException("cannot write " + file + ": " + e.getMessage(), e);
      }
    }
    committed = next;
  }

  private static Map<String, String> applied(Map<String, String> base, Changes c) {
    Map<String, String> out = c.namespacesCleared ? new TreeMap<>() : new TreeMap<>(base);
    c.namespaces.forEach(
        (prefix, name) -> {
          if (name == null) {
            out.remove(prefix);
          } else {
            out.put(prefix, name);
          }
        });
    return out;
  }
}
