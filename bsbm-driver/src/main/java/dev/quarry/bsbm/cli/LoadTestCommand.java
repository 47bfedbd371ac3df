package dev.quarry.bsbm.cli;

import dev.quarry.bsbm.probe.ClosedLoopLoad;
import java.io.PrintWriter;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code bsbm loadtest}: many clients at once on one small query; throughput, latency, 503s. */
@Command(
    name = "loadtest",
    mixinStandardHelpOptions = true,
    description =
        "Closed-loop load on one SPARQL endpoint: for each client count, that many keep-alive"
            + " connections send a small lookup query back to back; answers/s, p50/p99 of the"
            + " answered, 503 (busy) and other statuses, broken connections, and the server's"
            + " RSS before and after (with --server-pid).")
final class LoadTestCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Parameters(index = "0", paramLabel = "URL", description = "The SPARQL endpoint.")
  URI endpoint;

  @Option(
      names = "--clients",
      defaultValue = "1,16,200,1000",
      split = ",",
      description = "Client counts. Default ${DEFAULT-VALUE}.")
  List<Integer> clients;

  @Option(
      names = "--seconds",
      defaultValue = "15",
      description = "Seconds per client count. Default ${DEFAULT-VALUE}.")
  double seconds;

  @Option(
      names = "--query",
      description =
          "The query. Default: all properties of one subject (the first the endpoint names).")
  String query;

  @Option(
      names = "--server-pid",
      defaultValue = "0",
      description = "The server's process id, to read its RSS from /proc.")
  long serverPid;

  @Option(
      names = "--accept",
      defaultValue = "application/sparql-results+json",
      description = "The Accept header. Default ${DEFAULT-VALUE}.")
  String accept;

  @Option(
      names = {"-o", "--output"},
      description = "Also write the table to this Markdown file.")
  Path output;

  @Override
  public Integer call() throws Exception {
    PrintWriter out = spec.commandLine().getOut();
    ClosedLoopLoad load = new ClosedLoopLoad(endpoint, accept, serverPid);
    String q = query != null ? query : lookupQuery();
    out.println("query: " + q);
    StringBuilder table =
        new StringBuilder(
            "| clients | answered/s | p50 ms | p99 ms | answered | wrong answers | 503 busy |"
                + " other status | broken connections | server RSS before -> after |\n"
                + "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
    for (int n : clients) {
      out.printf("%,d clients for %.0f s ...%n", n, seconds);
      out.flush();
      ClosedLoopLoad.Figure f = load.run(q, n, seconds);
      table.append(
          String.format(
              Locale.ROOT,
              "| %,d | %,.0f | %.2f | %.2f | %,d | %,d | %,d | %,d | %,d | %s -> %s |%n",
              f.clients(),
              f.throughput(),
              f.p50Ms(),
              f.p99Ms(),
              f.ok(),
              f.wrong(),
              f.busy(),
              f.otherStatus(),
              f.failedConnections(),
              mb(f.rssBeforeKb()),
              mb(f.rssAfterKb())));
    }
    out.print(table);
    if (output != null) {
      Files.writeString(output, "query: `" + q + "`\n\n" + table);
    }
    return 0;
  }

  /** All properties of the first subject the endpoint gives: a small lookup on any data. */
  private String lookupQuery() throws Exception {
    var http = HttpClient.newHttpClient();
    var req =
        HttpRequest.newBuilder(
                URI.create(
                    endpoint
                        + "?query="
                        + URLEncoder.encode(
                            "SELECT ?s WHERE { ?s ?p ?o FILTER(isIRI(?s)) } LIMIT 1",
                            StandardCharsets.UTF_8)))
            .header("Accept", "text/csv")
            .build();
    String[] lines = http.send(req, HttpResponse.BodyHandlers.ofString()).body().split("\r?\n");
    if (lines.length < 2) {
      throw new IllegalStateException("the endpoint holds no subject to look up; give --query");
    }
    return "SELECT ?p ?o WHERE { <" + lines[1].trim() + "> ?p ?o }";
  }

  private static String mb(long kb) {
    return kb < 0 ? "?" : String.format(Locale.ROOT, "%,d MB", kb / 1024);
  }
}
