package dev.quarry.server.cli;

import dev.quarry.core.Store;
import dev.quarry.core.config.Config;
import dev.quarry.io.Loader;
import dev.quarry.io.RdfFormats;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.net.http.HttpRequest;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.apache.jena.graph.NodeFactory;
import org.eclipse.rdf4j.rio.RDFFormat;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(
    name = "load",
    mixinStandardHelpOptions = true,
    description = {
      "Load RDF files into a store (created if needed), all in one transaction: on any error nothing is loaded.",
      "Formats by file name: .nt .nq .ttl .trig .rdf .owl .jsonld, each optionally .gz, .bz2 or .zst."
    })
final class LoadCommand implements Callable<Integer> {
  @Spec CommandSpec spec;
  @Mixin StoreOption store;

  @Option(
      names = "--graph",
      paramLabel = "IRI",
      description = "Load triples into this named graph (default: the default graph).")
  String graph;

  @Option(
      names = "--threads",
      paramLabel = "N",
      description = "Threads that parse and encode (default: every core).")
  Integer threads;

  @Option(
      names = "--memory",
      paramLabel = "SIZE",
      description =
          "The load's memory, e.g. 2GB: it holds half of it (quads, new terms) before it writes"
              + " sorted runs to disk, and ./quarry sizes the JVM's heap at three quarters of it"
              + " unless QUARRY_JAVA_OPTS sets one (default: half the heap held).")
  String memory;

  @Option(
      names = "--skip-bad",
      description =
          "Leave out lines the parser rejects (N-Triples, N-Quads), each reported with its"
              + " position, instead of failing the load.")
  boolean skipBad;

  @Option(
      names = "--format",
      paramLabel = "FORMAT",
      description =
          "The format of standard input (FILE '-'): nquads, ntriples, turtle, trig, rdfxml, jsonld.")
  String format;

  @Option(
      names = "--text",
      description =
          "Build the full-text index of the store's string literals with the load (text.enabled;"
              + " docs/TEXT.md): the store keeps it up to date from then on.")
  boolean text;

  @Option(
      names = {"-v", "--verbose"},
      description = "Print the time of each phase (parse and encode, sort, build, statistics).")
  boolean verbose;

  @Parameters(
      paramLabel = "FILE",
      arity = "1..*",
      description =
          "Files to load (.gz, .bz2, .zst allowed); '-' for standard input, with --format.")
  List<Path> files;

  @Override
  public Integer call() throws Exception {
    for (Path f : files) {
      if (f.toString().equals("-")) {
        if (format == null) {
          throw new UsageError("standard input needs --format (e.g. --format ntriples)");
        }
      } else if (!Files.isRegularFile(f)) {
        throw new UsageError("file not found: " + f);
      }
    }
    PrintWriter err = spec.commandLine().getErr();
    PrintWriter out = spec.commandLine().getOut();
    RunningServer server = store.server();
    if (server != null) {
      // Each file one Graph Store POST: atomic per file, not across files, as the server says.
      long start = System.nanoTime();
      for (Path f : files) {
        RDFFormat format = RdfFormats.forFile(f);
        String path =
            graph != null
                ? "/data?graph=" + RunningServer.enc(graph)
                : format.supportsContexts() ? "/data" : "/data?default";
        server
            .send(
                path,
                "POST",
                format.getDefaultMIMEType(),
                null,
                HttpRequest.BodyPublishers.ofInputStream(
                    () -> {
                      try {
                        return RdfFormats.open(f);
                      } catch (IOException e) {
                        throw new UncheckedIOException(e);
                      }
                    }))
            .body()
            .close();
        out.printf("Loaded %s through the server at %s%n", f, server.endpoint());
      }
      out.printf("%d file(s) in %.2f s%n", files.size(), (System.nanoTime() - start) / 1e9);
      return 0;
    }
    List<Loader.Source> sources = new ArrayList<>();
    for (Path f : files) {
      if (f.toString().equals("-")) {
        RDFFormat fmt;
        try {
          fmt = RdfFormats.byName(format);
        } catch (IllegalArgumentException e) {
          throw new UsageError(e.getMessage());
        }
        sources.add(Loader.Source.of("<stdin>", fmt, "urn:x-stdin:", System.in));
      } else {
        sources.add(Loader.Source.of(f));
      }
    }
    ProgressLine progress = new ProgressLine(err);
    Loader.Options options = Loader.Options.defaults(progress);
    if (threads != null) {
      if (threads < 1) {
        throw new UsageError("--threads must be at least 1");
      }
      options = options.withThreads(threads);
    }
    if (memory != null) {
      long bytes = Config.parseBytes(memory, "--memory");
      if (bytes < 2 << 20) {
        throw new UsageError("--memory must be at least 2MB");
      }
      options = options.withMemory(bytes / 2); // the other half: the work around the data, the JVM
    }
    if (skipBad) {
      options = options.skippingBad(line -> err.println("  skipped " + line));
    }
    try (Store s = store.openOrCreate(text)) {
      Loader.Result r =
          Loader.load(s, sources, graph == null ? null : NodeFactory.createURI(graph), options);
      progress.finish();
      out.printf(
          "Loaded %,d triples in %.2f s (%,.0f triples/s) into %s%s%n",
          r.statements(),
          r.elapsed().toNanos() / 1e9,
          r.statementsPerSecond(),
          store.describe(),
          r.skipped() > 0 ? String.format(" (%,d bad lines skipped)", r.skipped()) : "");
      if (verbose) {
        r.phases().forEach((phase, d) -> out.printf("  %-22s %8.2f s%n", phase, d.toNanos() / 1e9));
      }
    }
    return 0;
  }
}
