package dev.quarry.server.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code quarry status}: a running server's health and its main meters, for people. */
@Command(
    name = "status",
    mixinStandardHelpOptions = true,
    description = "Show a running server's health, load and main figures (from /health, /metrics).")
final class StatusCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Option(
      names = "--endpoint",
      defaultValue = "http://127.0.0.1:7878/sparql",
      description = "The server's SPARQL endpoint. Default ${DEFAULT-VALUE}.")
  URI endpoint;

  @Mixin TokenOption credentials;

  @Override
  public Integer call() throws Exception {
    HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    PrintWriter out = spec.commandLine().getOut();
    HttpResponse<String> health;
    try {
      health = http.send(request("/health"), HttpResponse.BodyHandlers.ofString());
    } catch (IOException e) {
      throw new UsageError("no server answers at " + endpoint + ": " + e.getMessage());
    }
    HttpResponse<String> metrics =
        http.send(request("/metrics"), HttpResponse.BodyHandlers.ofString());
    if (metrics.statusCode() == 401) {
      throw new UsageError("the server wants credentials for /metrics: give --token");
    }
    Map<String, Double> m = sums(metrics.body());
    out.printf("endpoint   %s%n", endpoint);
    out.printf(
        "health     %s%n",
        health.statusCode() == 200 ? "ok" : "FAILING (" + health.body().trim() + ")");
    out.printf("uptime     %s%n", duration(m.getOrDefault("process_uptime_seconds", 0.0)));
    out.printf(
        "queries    %,.0f answered, %,.0f timed out, %,.0f failed, %,.0f abandoned by their"
            + " client; %,.0f updates%n",
        m.getOrDefault("quarry_sparql_query_seconds_count{outcome=ok}", 0.0),
        m.getOrDefault("quarry_sparql_query_seconds_count{outcome=timeout}", 0.0),
        m.getOrDefault("quarry_sparql_query_seconds_count{outcome=error}", 0.0),
        m.getOrDefault("quarry_sparql_query_seconds_count{outcome=disconnected}", 0.0),
        m.getOrDefault("quarry_sparql_update_seconds_count", 0.0));
    out.printf(
        "now        %,.0f running, %,.0f waiting; %,.0f refused as busy (503) since start%n",
        m.getOrDefault("quarry_sparql_active", 0.0),
        m.getOrDefault("quarry_sparql_queued", 0.0),
        m.getOrDefault("quarry_sparql_rejected_total", 0.0));
    out.printf(
        "sent       %s of results%n",
        Texts.bytes((long) (double) m.getOrDefault("quarry_sparql_response_bytes_total", 0.0)));
    double hits = m.getOrDefault("quarry_buffer_hits_total", 0.0);
    double misses = m.getOrDefault("quarry_buffer_misses_total", 0.0);
    out.printf(
        "pool       %.1f%% of page reads hit, %s read from disk%n",
        hits + misses == 0 ? 100.0 : 100 * hits / (hits + misses),
        Texts.bytes((long) (double) m.getOrDefault("quarry_buffer_read_bytes_total", 0.0)));
    out.printf(
        "heap       %s used of %s%n",
        Texts.bytes((long) (double) m.getOrDefault("jvm_memory_used_bytes{area=heap}", 0.0)),
        Texts.bytes((long) (double) m.getOrDefault("jvm_memory_max_bytes{area=heap}", 0.0)));
    return health.statusCode() == 200 ? 0 : QuarryMain.FAILED;
  }

  private HttpRequest request(String path) {
    URI u = endpoint.resolve(path);
    HttpRequest.Builder b = HttpRequest.newBuilder(u).timeout(Duration.ofSeconds(10));
    if (credentials.token != null) {
      b.header("Authorization", "Bearer " + credentials.token);
    }
    return b.build();
  }

  /**
   * Prometheus text summed by name, and by name with each of its area= and outcome= labels, so that
   * e.g. {@code jvm_memory_used_bytes{area=heap}} adds up every heap pool.
   */
  static Map<String, Double> sums(String text) {
    Map<String, Double> out = new TreeMap<>();
    for (String line : text.split("\n")) {
      if (line.isBlank() || line.startsWith("#")) {
        continue;
      }
      int space = line.lastIndexOf(' ');
      int brace = line.indexOf('{');
      String name =
          brace >= 0 && brace < space ? line.substring(0, brace) : line.substring(0, space);
      double v;
      try {
        v = Double.parseDouble(line.substring(space + 1).trim());
      } catch (NumberFormatException e) {
        continue;
      }
      if (Double.isNaN(v)) {
        continue;
      }
      out.merge(name, v, Double::sum);
      if (brace >= 0) {
        String labels = line.substring(brace, line.indexOf('}', brace) + 1);
        for (String key : new String[] {"area", "outcome"}) {
          int at = labels.indexOf(key + "=\"");
          if (at >= 0) {
            int from = at + key.length() + 2;
            String value = labels.substring(from, labels.indexOf('"', from));
            out.merge(name + "{" + key + "=" + value + "}", v, Double::sum);
          }
        }
      }
    }
    return out;
  }

  private static String duration(double seconds) {
    long s = (long) seconds;
    return s >= 3600
        ? String.format(Locale.ROOT, "%dh %02dm", s / 3600, (s % 3600) / 60)
        : String.format(Locale.ROOT, "%dm %02ds", s / 60, s % 60);
  }
}
