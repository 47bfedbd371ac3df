package dev.quarry.server.cli;

import dev.quarry.core.Quarry;
import dev.quarry.core.Store;
import dev.quarry.io.Dumper;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.net.URI;
import java.net.http.HttpRequest;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.zip.GZIPOutputStream;
import org.eclipse.rdf4j.rio.RDFFormat;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code quarry backup}: every quad of one committed state as N-Quads (gzipped if the file name
 * ends in .gz), taken from a read snapshot, so queries and updates go on meanwhile. A store a
 * running server holds is backed up through that server ({@code GET /data}, one snapshot too),
 * found from the endpoint file the server leaves in the store's directory. The file appears only
 * once complete. {@code quarry restore} loads it into a new store.
 */
@Command(
    name = "backup",
    mixinStandardHelpOptions = true,
    description =
        "Back up a store, running or not, to an N-Quads file (.gz to compress) from one consistent"
            + " snapshot; restore it with 'quarry restore'.")
final class BackupCommand implements Callable<Integer> {
  @ArgGroup(exclusive = true, multiplicity = "1")
  StoreOrEndpoint source;

  @Option(names = "--to", paramLabel = "FILE", required = true, description = "The backup file.")
  Path to;

  @Option(names = "--token", description = "A bearer token, if the server protects reads.")
  String token;

  @Spec CommandSpec spec;

  @Override
  public Integer call() throws Exception {
    PrintWriter out = spec.commandLine().getOut();
    long start = System.nanoTime();
    Path tmp = to.resolveSibling(to.getFileName() + ".partial");
    String from;
    try {
      from = write(tmp, out);
      Files.move(tmp, to, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    } finally {
      Files.deleteIfExists(tmp);
    }
    out.printf(
        Locale.ROOT,
        "Backed up %s to %s (%s) in %.1f s%n",
        from,
        to,
        Texts.bytes(Files.size(to)),
        (System.nanoTime() - start) / 1e9);
    return 0;
  }

  /** Writes the backup to {@code file}; returns what it was taken from. */
  private String write(Path file, PrintWriter out) throws Exception {
    RunningServer server =
        source.endpoint != null
            ? RunningServer.at(URI.create(source.endpoint), token)
            : RunningServer.holding(source.location, token);
    if (server == null) {
      if (!Quarry.exists(source.location)) {
        throw new UsageError("no Quarry store in " + source.location);
      }
      try (Store s = Quarry.open(source.location);
          OutputStream o = open(file)) {
        long n = Dumper.dump(s, RDFFormat.NQUADS, null, o);
        out.printf(Locale.ROOT, "%,d quads%n", n);
        return source.location.toString();
      }
    }
    if (source.location != null) {
      out.printf(
          "The store is held by the server at %s: backing up through it%n", server.endpoint());
    }
    // GET /data as N-Quads: the whole dataset from one read snapshot of the server.
    try (InputStream in =
            server
                .send(
                    "/data",
                    "GET",
                    null,
                    "application/n-quads",
                    HttpRequest.BodyPublishers.noBody())
                .body();
        OutputStream o = open(file)) {
      in.transferTo(o);
    } catch (java.net.ConnectException e) {
      throw new UsageError("no server answers at " + server.endpoint() + ": " + e.getMessage());
    }
    return server.endpoint().toString();
  }

  /** The partial file, compressed if the backup's name ends in .gz. */
  private OutputStream open(Path file) throws IOException {
    OutputStream o = new BufferedOutputStream(Files.newOutputStream(file), 1 << 16);
    return to.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".gz")
        ? new GZIPOutputStream(o, 1 << 16)
        : o;
  }
}
