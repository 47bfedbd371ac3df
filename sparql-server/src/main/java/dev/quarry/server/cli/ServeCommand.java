package dev.quarry.server.cli;

import dev.quarry.core.Quarry;
import dev.quarry.core.Store;
import dev.quarry.core.config.Config;
import dev.quarry.io.Loader;
import dev.quarry.server.QuarryServer;
import dev.quarry.server.ServerConfig;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.net.URI;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import org.eclipse.rdf4j.rio.RDFFormat;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(
    name = "serve",
    mixinStandardHelpOptions = true,
    description = "Start the SPARQL endpoint (default http://127.0.0.1:7878/sparql) over a store.")
final class ServeCommand implements Callable<Integer> {
  private static final String DEMO = "/dev/quarry/server/demo.ttl";

  @Spec CommandSpec spec;
  @Mixin ConfigOptions config;

  @Option(
      names = "--location",
      paramLabel = "DIR",
      description = "The store's directory (store.location).")
  Path location;

  @Option(
      names = "--host",
      description = "Address to listen on (server.host); 127.0.0.1 unless you say otherwise.")
  String host;

  @Option(names = "--port", description = "Port to listen on (server.port); 0 picks a free one.")
  Integer port;

  @Override
  public Integer call() throws Exception {
    Config c = config.resolve();
    if (location != null) {
      c = c.with("store.location", location);
    }
    if (host != null) {
      c = c.with("server.host", host);
    }
    if (port != null) {
      c = c.with("server.port", port);
    }
    ServerConfig sc = ServerConfig.from(c);
    boolean isNew = !Quarry.exists(c);
    PrintWriter out = spec.commandLine().getOut();

    Store store = Quarry.open(c);
    QuarryServer server;
    try {
      if (isNew && sc.demoData()) {
        loadDemo(store, out);
      }
      server = QuarryServer.start(store, sc);
    } catch (Exception e) {
      store.close();
      throw e;
    }
    // Commands given this store's directory (quarry backup) find the server here.
    store.location().ifPresent(dir -> writeEndpoint(dir, server.endpoint()));
    CountDownLatch stopped = new CountDownLatch(1);
    Runtime.getRuntime()
        .addShutdownHook(
            new Thread(
                () -> {
                  store.location().ifPresent(ServerEndpointFile::delete);
                  server.close();
                  store.close();
                  stopped.countDown();
                },
                "quarry-shutdown"));

    String url = server.endpoint().toString();
    out.printf(
        "Quarry %s serving %s, config %s%n",
        Version.get(),
        store
            .location()
            .map(p -> p.toAbsolutePath().normalize() + " (" + store.backend() + ")")
            .orElse(store.backend()),
        config.source() == null ? "built-in defaults" : config.source());
    out.printf(
        "SPARQL endpoint: %s   (updates %s)%n", url, sc.updateEnabled() ? "enabled" : "disabled");
    out.printf("Try: curl -s %s --data-urlencode 'query=SELECT * { ?s ?p ?o } LIMIT 10'%n", url);
    out.println("Stop with Ctrl-C.");
    out.flush();
    stopped.await();
    return 0;
  }

  private static void writeEndpoint(Path dir, URI endpoint) {
    try {
      ServerEndpointFile.write(dir, endpoint);
    } catch (IOException e) {
      System.err.println("could not note the endpoint in " + dir + ": " + e.getMessage());
    }
  }

  private static void loadDemo(Store store, PrintWriter out) throws Exception {
    try (InputStream in = ServeCommand.class.getResourceAsStream(DEMO)) {
      var r =
          Loader.load(
              store,
              List.of(
                  Loader.Source.of("demo.ttl", RDFFormat.TURTLE, "http://quarry.dev/demo/", in)),
              null,
              Loader.Progress.NONE);
      out.printf("New store: loaded the demo dataset (%d triples).%n", r.statements());
    }
  }
}
