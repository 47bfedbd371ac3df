package dev.quarry.server.cli;

import dev.quarry.core.Store;
import dev.quarry.io.Dumper;
import dev.quarry.io.RdfFormats;
import java.io.BufferedOutputStream;
import java.io.OutputStream;
import java.net.http.HttpRequest;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.apache.jena.graph.NodeFactory;
import org.eclipse.rdf4j.rio.RDFFormat;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

@Command(
    name = "dump",
    mixinStandardHelpOptions = true,
    description = "Write a store's content as RDF (from one consistent snapshot).")
final class DumpCommand implements Callable<Integer> {
  @Mixin StoreOption store;

  @Option(
      names = "--format",
      defaultValue = "nquads",
      description = "nquads, trig, ntriples, turtle, rdfxml or jsonld. Default: ${DEFAULT-VALUE}.")
  String format;

  @Option(names = "--graph", paramLabel = "IRI", description = "Only this named graph.")
  String graph;

  @Option(
      names = "--output",
      paramLabel = "FILE",
      description = "Write here instead of standard output.")
  Path output;

  @Override
  public Integer call() throws Exception {
    RDFFormat f;
    try {
      f = RdfFormats.byName(format);
    } catch (IllegalArgumentException e) {
      throw new UsageError(e.getMessage());
    }
    RunningServer server = store.server();
    if (server != null) {
      String path =
          graph != null
              ? "/data?graph=" + RunningServer.enc(graph)
              : f.supportsContexts() ? "/data" : "/data?default";
      try (var in =
              server
                  .send(
                      path,
                      "GET",
                      null,
                      f.getDefaultMIMEType(),
                      HttpRequest.BodyPublishers.noBody())
                  .body();
          OutputStream out = output == null ? System.out : Files.newOutputStream(output)) {
        in.transferTo(out);
        out.flush();
      }
      if (output != null) {
        System.err.printf("Wrote %s through the server at %s%n", output, server.endpoint());
      }
      return 0;
    }
    try (Store s = store.openExisting();
        OutputStream out =
            new BufferedOutputStream(
                output == null ? System.out : Files.newOutputStream(output), 1 << 16)) {
      long n = Dumper.dump(s, f, graph == null ? null : NodeFactory.createURI(graph), out);
      out.flush();
      if (output != null) {
        System.err.printf("Wrote %,d statements to %s%n", n, output);
      }
    }
    return 0;
  }
}
