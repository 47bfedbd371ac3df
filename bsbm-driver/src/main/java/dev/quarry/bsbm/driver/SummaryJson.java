package dev.quarry.bsbm.driver;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.jena.atlas.json.JSON;
import org.apache.jena.atlas.json.JsonArray;
import org.apache.jena.atlas.json.JsonNumber;
import org.apache.jena.atlas.json.JsonObject;
import org.apache.jena.atlas.json.JsonValue;

/** A run's {@link Summary} as a JSON result file, and back (for comparisons across runs). */
public final class SummaryJson {
  private SummaryJson() {}

  public static void write(Summary s, Path file) throws IOException {
    JsonObject o = new JsonObject();
    o.put("target", s.target());
    o.put("useCase", s.useCase());
    o.put("products", s.products());
    o.put("seed", s.seed());
    o.put("clients", s.clients());
    o.put("warmUps", s.warmUps());
    o.put("runs", s.runs());
    o.put("qmph", num(s.qmph()));
    o.put("cqetMs", num(s.cqetMs()));
    o.put("cqetGeoMs", num(s.cqetGeoMs()));
    o.put("minMixMs", num(s.minMixMs()));
    o.put("maxMixMs", num(s.maxMixMs()));
    o.put("totalRuntimeSeconds", num(s.totalRuntimeSeconds()));
    o.put("wallSeconds", num(s.wallSeconds()));
    JsonArray queries = new JsonArray();
    for (QueryStats q : s.queries()) {
      JsonObject j = new JsonObject();
      j.put("number", q.number());
      j.put("name", q.name());
      j.put("count", q.count());
      j.put("meanMs", num(q.meanMs()));
      j.put("geoMeanMs", num(q.geoMeanMs()));
      j.put("minMs", num(q.minMs()));
      j.put("maxMs", num(q.maxMs()));
      j.put("p50Ms", num(q.p50Ms()));
      j.put("p95Ms", num(q.p95Ms()));
      j.put("qps", num(q.qps()));
      j.put("avgResults", num(q.avgResults()));
      j.put("minResults", q.minResults());
      j.put("maxResults", q.maxResults());
      j.put("timeouts", q.timeouts());
      queries.add(j);
    }
    o.put("queries", queries);
    o.put("periodSeconds", s.periodSeconds());
    JsonArray timeline = new JsonArray();
    s.timeline().forEach(v -> timeline.add(num(v)));
    o.put("timeline", timeline);
    JsonArray failures = new JsonArray();
    s.checkFailures().forEach(failures::add);
    o.put("checkFailures", failures);
    if (s.coldStart() != null) {
      JsonObject cold = new JsonObject();
      cold.put("warmQmph", num(s.coldStart().warmQmph()));
      cold.put("secondsTo90", num(s.coldStart().secondsTo90()));
      cold.put("startSeconds", num(s.coldStart().startSeconds()));
      o.put("coldStart", cold);
    }
    Path parent = file.toAbsolutePath().getParent();
    Files.createDirectories(parent);
    try (OutputStream out = Files.newOutputStream(file)) {
      JSON.write(out, o);
    }
  }

  public static Summary read(Path file) throws IOException {
    JsonObject o;
    try (InputStream in = Files.newInputStream(file)) {
      o = JSON.parse(in);
    }
    List<QueryStats> queries = new ArrayList<>();
    for (JsonValue v : (Iterable<JsonValue>) o.getArray("queries")::iterator) {
      JsonObject j = v.getAsObject();
      queries.add(
          new QueryStats(
              i(j, "number"),
              j.getString("name"),
              i(j, "count"),
              d(j, "meanMs"),
              d(j, "geoMeanMs"),
              d(j, "minMs"),
              d(j, "maxMs"),
              d(j, "p50Ms"),
              d(j, "p95Ms"),
              d(j, "qps"),
              d(j, "avgResults"),
              j.getNumber("minResults").longValue(),
              j.getNumber("maxResults").longValue(),
              i(j, "timeouts")));
    }
    List<Double> timeline = new ArrayList<>();
    o.getArray("timeline").forEach(v -> timeline.add(v.getAsNumber().value().doubleValue()));
    List<String> failures = new ArrayList<>();
    o.getArray("checkFailures").forEach(v -> failures.add(v.getAsString().value()));
    return new Summary(
        o.getString("target"),
        o.getString("useCase"),
        i(o, "products"),
        o.getNumber("seed").longValue(),
        i(o, "clients"),
        i(o, "warmUps"),
        i(o, "runs"),
        d(o, "qmph"),
        d(o, "cqetMs"),
        d(o, "cqetGeoMs"),
        d(o, "minMixMs"),
        d(o, "maxMixMs"),
        d(o, "totalRuntimeSeconds"),
        d(o, "wallSeconds"),
        queries,
        i(o, "periodSeconds"),
        timeline,
        failures,
        o.hasKey("coldStart")
            ? new ColdStart(
                d(o.getObj("coldStart"), "warmQmph"),
                d(o.getObj("coldStart"), "secondsTo90"),
                o.getObj("coldStart").hasKey("startSeconds")
                    ? d(o.getObj("coldStart"), "startSeconds")
                    : 0)
            : null);
  }

  private static JsonNumber num(double v) {
    return JsonNumber.valueDecimal(String.format(Locale.ROOT, "%.3f", v));
  }

  private static int i(JsonObject o, String key) {
    return o.getNumber(key).intValue();
  }

  private static double d(JsonObject o, String key) {
    return o.getNumber(key).doubleValue();
  }
}
