package dev.quarry.server.sparql;

import dev.quarry.server.http.HttpError;
import io.netty.handler.codec.http.HttpResponseStatus;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.jena.riot.Lang;
import org.apache.jena.riot.resultset.ResultSetLang;

/**
 * The formats a query result can be written in, and the choice among them from a request's Accept
 * header (or an explicit {@code format=} parameter, which wins).
 */
public enum ResultFormat {
  JSON("application/sparql-results+json", ResultSetLang.RS_JSON, false, "json"),
  XML("application/sparql-results+xml", ResultSetLang.RS_XML, false, "xml"),
  CSV("text/csv", ResultSetLang.RS_CSV, false, "csv"),
  TSV("text/tab-separated-values", ResultSetLang.RS_TSV, false, "tsv"),
  /** A text table, for people at a terminal. */
  TABLE("text/plain", ResultSetLang.RS_Text, false, "table"),
  TURTLE("text/turtle", Lang.TURTLE, true, "turtle"),
  NTRIPLES("application/n-triples", Lang.NTRIPLES, true, "ntriples"),
  JSONLD("application/ld+json", Lang.JSONLD, true, "jsonld"),
  RDFXML("application/rdf+xml", Lang.RDFXML, true, "rdfxml");

  private static final int MAX_NEGOTIATED = 1024;
  private static final Map<String, ResultFormat> NEGOTIATED = new ConcurrentHashMap<>();

  private final String mediaType;
  private final Lang lang;
  private final boolean graph;
  private final String shortName;

  ResultFormat(String mediaType, Lang lang, boolean graph, String shortName) {
    this.mediaType = mediaType;
    this.lang = lang;
    this.graph = graph;
    this.shortName = shortName;
  }

  public String mediaType() {
    return mediaType;
  }

  public Lang lang() {
    return lang;
  }

  /** True for RDF graph formats (CONSTRUCT, DESCRIBE), false for result-set formats. */
  public boolean isGraph() {
    return graph;
  }

  /**
   * The format for a result of the given kind.
   *
   * @param accept the Accept header, or null
   * @param formatParam an explicit {@code format=} parameter (short name or media type), or null
   * @param graph true for CONSTRUCT and DESCRIBE
   * @throws HttpError 406 if nothing acceptable can be produced
   */
  public static ResultFormat negotiate(String accept, String formatParam, boolean graph) {
    ResultFormat fallback = graph ? TURTLE : JSON;
    if (formatParam != null && !formatParam.isBlank()) {
      ResultFormat f = match(formatParam.trim().toLowerCase(Locale.ROOT), graph);
      if (f == null) {
        throw notAcceptable("format=" + formatParam, graph);
      }
      return f;
    }
    if (accept == null || accept.isBlank()) {
      return fallback;
    }
    // A client sends the same header with every request: the answer is kept (406s are not).
    String key = graph ? "g" + accept : "s" + accept;
    ResultFormat known = NEGOTIATED.get(key);
    if (known == null) {
      known = byAccept(accept, graph, fallback);
      if (NEGOTIATED.size() < MAX_NEGOTIATED) {
        NEGOTIATED.put(key, known);
      }
    }
    return known;
  }

  private static ResultFormat byAccept(String accept, boolean graph, ResultFormat fallback) {
    for (String range : byPreference(accept)) {
      if (range.equals("*/*")) {
        return fallback;
      }
      ResultFormat f = match(range, graph);
      if (f != null) {
        return f;
      }
    }
    throw notAcceptable(accept, graph);
  }

  private static ResultFormat match(String range, boolean graph) {
    for (ResultFormat f : values()) {
      if (f.graph == graph && (f.mediaType.equals(range) || f.shortName.equals(range))) {
        return f;
      }
    }
    // Common aliases clients send.
    return switch (range) {
      case "application/json" -> graph ? JSONLD : JSON;
      case "application/xml", "text/xml" -> graph ? RDFXML : XML;
      case "text/plain" -> graph ? NTRIPLES : TABLE;
      case "text/*" -> graph ? TURTLE : CSV;
      case "application/*" -> graph ? NTRIPLES : JSON;
      default -> null;
    };
  }

  /** Media ranges of an Accept header, most preferred first, without those of q=0. */
  public static List<String> byPreference(String accept) {
    record Range(String type, double q, int order) {}
    List<Range> ranges = new ArrayList<>();
    String[] parts = accept.split(",");
    for (int i = 0; i < parts.length; i++) {
      String[] fields = parts[i].split(";");
      String type = fields[0].trim().toLowerCase(Locale.ROOT);
      double q = 1.0;
      for (int j = 1; j < fields.length; j++) {
        String p = fields[j].trim();
        if (p.startsWith("q=")) {
          try {
            q = Double.parseDouble(p.substring(2));
          } catch (NumberFormatException e) {
            q = 0;
          }
        }
      }
      if (q > 0 && !type.isEmpty()) {
        ranges.add(new Range(type, q, i));
      }
    }
    ranges.sort(Comparator.comparingDouble(Range::q).reversed().thenComparingInt(Range::order));
    return ranges.stream().map(Range::type).toList();
  }

  private static HttpError notAcceptable(String asked, boolean graph) {
    List<String> offered = new ArrayList<>();
    for (ResultFormat f : values()) {
      if (f.graph == graph) {
        offered.add(f.mediaType);
      }
    }
    return new HttpError(
        HttpResponseStatus.NOT_ACCEPTABLE,
        "cannot produce " + asked + " for this query; available: " + String.join(", ", offered));
  }
}
