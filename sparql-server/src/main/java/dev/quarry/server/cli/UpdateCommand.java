package dev.quarry.server.cli;

import dev.quarry.core.Store;
import dev.quarry.server.ServerConfig;
import dev.quarry.server.sparql.UpdateService;
import java.net.http.HttpRequest;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(
    name = "update",
    mixinStandardHelpOptions = true,
    description = "Apply a SPARQL Update to a store, atomically.")
final class UpdateCommand implements Callable<Integer> {
  @Spec CommandSpec spec;
  @Mixin StoreOption store;

  @Mixin ConfigOptions config;

  @Parameters(paramLabel = "UPDATE", description = "The update text, or @file.ru.")
  String update;

  @Override
  public Integer call() throws Exception {
    String text = Texts.textOrFile(update);
    RunningServer server = store.server();
    if (server != null) {
      long start = System.nanoTime();
      server
          .send(
              "/sparql",
              "POST",
              "application/sparql-update",
              null,
              HttpRequest.BodyPublishers.ofString(text))
          .body()
          .close();
      spec.commandLine()
          .getOut()
          .printf(
              "Update applied through the server at %s in %d ms%n",
              server.endpoint(), (System.nanoTime() - start) / 1_000_000);
      return 0;
    }
    ServerConfig sc = ServerConfig.from(config.resolve());
    try (Store s = store.openExisting()) {
      UpdateService us = new UpdateService(s, sc.allowService(), sc.allowLoadUrls());
      var req = us.prepare(text);
      long start = System.nanoTime();
      us.execute(req);
      spec.commandLine()
          .getOut()
          .printf("Update applied in %d ms%n", (System.nanoTime() - start) / 1_000_000);
    }
    return 0;
  }
}
