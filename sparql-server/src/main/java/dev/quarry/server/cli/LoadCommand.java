package dev.quarry.server.cli;

import dev.quarry.core.Store;
import dev.quarry.io.Loader;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.apache.jena.graph.NodeFactory;
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
      "Formats by file name: .nt .nq .ttl .trig .rdf .owl .jsonld, each optionally .gz."
    })
final class LoadCommand implements Callable<Integer> {
  @Spec CommandSpec spec;
  @Mixin StoreOption store;

  @Option(
      names = "--token",
      description = "A bearer token for the server holding the store, if it asks for one.")
  String token;

  @Option(
      names = "--graph",
      paramLabel = "IRI",
      description = "Load triples into this named graph (default: the default graph).")
  String graph;

  @Parameters(paramLabel = "FILE", arity = "1..*", description = "Files to load.")
  List<Path> files;

  @Override
  public Integer call() throws Exception {
    for (Path f : files) {
      if (!Files.isRegularFile(f)) {
        throw new UsageError("file not found: " + f);
      }
    }
    PrintWriter err = spec.commandLine().getErr();
    PrintWriter out = spec.commandLine().getOut();
    RunningServer server = store.server(token);
    if (server != null) {
      // Each file one Graph Store POST: atomic per file, not across files, as the server says.
      long start = System.nanoTime();
      for (Path f : files) {
        org.eclipse.rdf4j.rio.RDFFormat format = dev.quarry.io.RdfFormats.forFile(f);
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
                java.net.http.HttpRequest.BodyPublishers.ofInputStream(
                    () -> {
                      try {
                        return dev.quarry.io.RdfFormats.open(f);
                      } catch (java.io.IOException e) {
                        throw new java.io.UncheckedIOException(e);
                      }
                    }))
            .body()
            .close();
        out.printf("Loaded %s through the server at %s%n", f, server.endpoint());
      }
      out.printf("%d file(s) in %.2f s%n", files.size(), (System.nanoTime() - start) / 1e9);
      return 0;
    }
    try (Store s = store.openOrCreate()) {
      Loader.Result r =
          Loader.loadFiles(
              s,
              files,
              graph == null ? null : NodeFactory.createURI(graph),
              (n, t) -> {
                err.printf(
                    "\r  %,d triples, %.1f s, %,.0f triples/s",
                    n, t.toNanos() / 1e9, n / (t.toNanos() / 1e9));
                err.flush();
              });
      if (r.statements() >= Loader.PROGRESS_EVERY) {
        err.println();
      }
      out.printf(
          "Loaded %,d triples in %.2f s (%,.0f triples/s) into %s%n",
          r.statements(), r.elapsed().toNanos() / 1e9, r.statementsPerSecond(), store.location);
    }
    return 0;
  }
}
