package dev.quarry.server.cli;

import dev.quarry.core.Backup;
import dev.quarry.core.Quarry;
import dev.quarry.core.Store;
import dev.quarry.io.Dumper;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.net.ConnectException;
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
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code quarry backup}: one committed state, taken from a read snapshot, so queries and updates go
 * on meanwhile. Physical by default (the state's pages and term file, {@link Backup}; with {@code
 * --since} only what changed after an earlier backup); logical when the file is named {@code .nq}
 * or {@code .nq.gz} (every quad as N-Quads, portable across formats). A store a running server
 * holds is backed up through that server ({@code POST /$/backup}, or {@code GET /data} for
 * N-Quads), found from the endpoint file the server leaves in the store's directory. The file
 * appears only once complete and checked. {@code quarry restore} makes a new store of it.
 */
@Command(
    name = "backup",
    mixinStandardHelpOptions = true,
    description =
        "Back up a store, running or not, from one consistent snapshot: its pages (incremental"
            + " with --since), or its quads as N-Quads if FILE ends in .nq or .nq.gz; restore it"
            + " with 'quarry restore'.")
final class BackupCommand implements Callable<Integer> {
  @ArgGroup(exclusive = true, multiplicity = "1")
  StoreOrEndpoint source;

  @Option(names = "--to", paramLabel = "FILE", required = true, description = "The backup file.")
  Path to;

  @Option(
      names = "--since",
      paramLabel = "FILE",
      description =
          "An earlier physical backup of the same store: copy only what changed since (keep the"
              + " chain of backups in one directory: a restore finds them there).")
  Path since;

  @Mixin TokenOption credentials;

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

  /** True for the logical (N-Quads) form: a file named .nq or .nq.gz. */
  private boolean logical() {
    String name = to.getFileName().toString().toLowerCase(Locale.ROOT);
    return name.endsWith(".nq") || name.endsWith(".nq.gz");
  }

  /** Writes the backup to {@code file}; returns what it was taken from. */
  private String write(Path file, PrintWriter out) throws Exception {
    RunningServer server =
        source.endpoint != null
            ? RunningServer.at(URI.create(source.endpoint), credentials.token)
            : RunningServer.holding(source.location, credentials.token);
    if (!logical()) {
      return physical(server, file, out);
    }
    if (since != null) {
      throw new UsageError("--since makes a physical backup: name the file other than .nq/.nq.gz");
    }
    if (server == null) {
      if (!Quarry.exists(source.location)) {
        throw new UsageError("no Quarry store in " + source.location);
      }
      try (Store s = OneShotStore.open(source.location);
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
    } catch (ConnectException e) {
      throw new UsageError("no server answers at " + server.endpoint() + ": " + e.getMessage());
    }
    return server.endpoint().toString();
  }

  private String physical(RunningServer server, Path file, PrintWriter out) throws Exception {
    Backup.Manifest previous = null;
    if (since != null) {
      if (!Files.isRegularFile(since) || !Backup.isPhysical(since)) {
        throw new UsageError(since + " is not a physical backup");
      }
      previous = Backup.readManifest(since);
      if (!since.toAbsolutePath().getParent().equals(to.toAbsolutePath().getParent())) {
        out.printf(
            "Note: %s is not beside %s; a restore looks for it there%n", since.getFileName(), to);
      }
    }
    String sinceName = since == null ? null : since.getFileName().toString();
    String from;
    if (server == null) {
      if (!Quarry.exists(source.location)) {
        throw new UsageError("no Quarry store in " + source.location);
      }
      try (Store s = OneShotStore.open(source.location);
          OutputStream o = new BufferedOutputStream(Files.newOutputStream(file), 1 << 16)) {
        s.backup(o, previous, sinceName);
      } catch (IllegalArgumentException e) {
        throw new UsageError(e.getMessage());
      }
      from = source.location.toString();
    } else {
      if (source.location != null) {
        out.printf(
            "The store is held by the server at %s: backing up through it%n", server.endpoint());
      }
      String path =
          "/$/backup" + (sinceName == null ? "" : "?previous=" + RunningServer.enc(sinceName));
      try (InputStream in =
              server
                  .send(
                      path,
                      "POST",
                      previous == null ? null : "text/plain",
                      null,
                      previous == null
                          ? HttpRequest.BodyPublishers.noBody()
                          : HttpRequest.BodyPublishers.ofByteArray(previous.toBytes()))
                  .body();
          OutputStream o = Files.newOutputStream(file)) {
        in.transferTo(o);
      } catch (ConnectException e) {
        throw new UsageError("no server answers at " + server.endpoint() + ": " + e.getMessage());
      }
      from = server.endpoint().toString();
    }
    Backup.Summary sum;
    try {
      sum = Backup.verify(file); // the whole file, as a restore will read it
    } catch (IOException e) {
      throw new UsageError("the backup is damaged: " + e.getMessage());
    }
    Backup.Manifest m = sum.manifest();
    out.printf(
        Locale.ROOT,
        "%s backup of commit %d%s: %,d quads; %,d pages and %s of terms copied%n",
        m.incremental() ? "Incremental" : "Full",
        m.generation(),
        m.incremental() ? " (since commit " + m.since() + ", " + m.previous() + ")" : "",
        m.quads(),
        sum.pages(),
        Texts.bytes(sum.termBytes()));
    return from;
  }

  /** The partial file, compressed if the backup's name ends in .gz. */
  private OutputStream open(Path file) throws IOException {
    OutputStream o = new BufferedOutputStream(Files.newOutputStream(file), 1 << 16);
    return to.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".gz")
        ? new GZIPOutputStream(o, 1 << 16)
        : o;
  }
}
