package dev.quarry.bsbm.cli;

import dev.quarry.bsbm.probe.RequestProbe;
import dev.quarry.bsbm.probe.RequestProbe.Figure;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code bsbm probe}: per-request latency of SPARQL endpoints side by side (the HTTP path, not the
 * engine): {@code ASK {}}, one row, 100 rows and 10,000 rows, p50 and p99, with 1 and 16
 * connections.
 */
@Command(
    name = "probe",
    mixinStandardHelpOptions = true,
    description =
        "Per-request latency of SPARQL endpoints on keep-alive connections (form POST, SPARQL JSON"
            + " by default): ASK {}, 1, 100 and 10,000 rows; p50/p99 and requests/s per connection"
            + " count. Endpoints are NAME=URL; the first is the reference.")
final class ProbeCommand implements Callable<Integer> {
  @Parameters(
      arity = "1..*",
      paramLabel = "NAME=URL",
      description = "e.g. quarry=http://127.0.0.1:7878/sparql")
  List<String> endpoints;

  @Option(
      names = "--connections",
      defaultValue = "1,16",
      split = ",",
      description = "Connection counts. Default ${DEFAULT-VALUE}.")
  List<Integer> connections;

  @Option(
      names = "--requests",
      defaultValue = "500",
      description = "Measured requests per connection. Default ${DEFAULT-VALUE}.")
  int requests;

  @Option(
      names = "--warm-up",
      defaultValue = "100",
      description = "Warm-up requests per connection. Default ${DEFAULT-VALUE}.")
  int warmUp;

  @Option(
      names = "--large-divisor",
      defaultValue = "10",
      description =
          "The 10,000-row probe sends this many times fewer requests. Default ${DEFAULT-VALUE}.")
  int largeDivisor;

  @Option(
      names = "--accept",
      defaultValue = "application/sparql-results+json",
      description = "The Accept header. Default ${DEFAULT-VALUE}.")
  String accept;

  @Option(
      names = "--queries",
      paramLabel = "FILE",
      description =
          "Probe these queries instead of the default four: one per line, NAME<TAB>QUERY or just"
              + " the query (blank lines and lines starting with # skipped). For engine work:"
              + " each query's latency beside the peers', after the warm-up.")
  Path queries;

  @Option(
      names = {"-o", "--output"},
      description = "Also write the table to this Markdown file.")
  Path output;

  @Override
  public Integer call() throws Exception {
    Map<String, URI> targets = new LinkedHashMap<>();
    for (String e : endpoints) {
      int eq = e.indexOf('=');
      if (eq <= 0) {
        throw new IllegalArgumentException("endpoint '" + e + "' is not NAME=URL");
      }
      targets.put(e.substring(0, eq), URI.create(e.substring(eq + 1)));
    }
    RequestProbe probe = new RequestProbe(accept, warmUp, requests, largeDivisor);
    List<Figure> figures = new ArrayList<>();
    List<RequestProbe.Probe> probes =
        queries == null ? RequestProbe.PROBES : RequestProbe.read(Files.readAllLines(queries));
    for (RequestProbe.Probe p : probes) {
      for (int c : connections) {
        for (var t : targets.entrySet()) {
          System.err.printf(
              Locale.ROOT, "probing %s: %s, %d connection(s) ...%n", t.getKey(), p.name(), c);
          figures.add(probe.measure(t.getKey(), t.getValue(), p, c));
        }
      }
    }
    String md = markdown(figures, targets.keySet().iterator().next());
    System.out.print(md);
    if (output != null) {
      Files.writeString(output, md);
    }
    return 0;
  }

  static String markdown(List<Figure> figures, String reference) {
    StringBuilder md =
        new StringBuilder(
            "| request | connections | system | p50 ms | p99 ms | requests/s | p50 ÷ "
                + reference
                + "'s | response bytes |\n|---|---:|---|---:|---:|---:|---:|---:|\n");
    for (Figure f : figures) {
      Figure ref =
          figures.stream()
              .filter(
                  r ->
                      r.system().equals(reference)
                          && r.probe().equals(f.probe())
                          && r.connections() == f.connections())
              .findFirst()
              .orElse(f);
      md.append(
          String.format(
              Locale.ROOT,
              "| %s | %d | %s | %.3f | %.3f | %,.0f | %.2fx | %,d |%n",
              f.probe(),
              f.connections(),
              f.system(),
              f.p50Ms(),
              f.p99Ms(),
              f.requestsPerSecond(),
              f.p50Ms() / ref.p50Ms(),
              f.bytes()));
    }
    return md.toString();
  }
}
