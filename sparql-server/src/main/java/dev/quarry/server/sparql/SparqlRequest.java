package dev.quarry.server.sparql;

import dev.quarry.server.http.HttpError;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpResponseStatus;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A SPARQL 1.1 Protocol request, taken apart: a query or an update, its text, the protocol's
 * dataset parameters, and what the client accepts. Every way the protocol allows is understood: GET
 * with {@code query=}, POST of a form, POST of {@code application/sparql-query} or {@code
 * application/sparql-update}. A GET with no parameters asks for the query page. Quarry's own
 * parameters: {@code inference=<graph IRI>} runs the query with the RDFS rules of that graph;
 * {@code explain=true} runs it and answers its plan (text) instead of its result; {@code
 * timeout=<ms>} bounds its run time (never beyond the configured limit).
 *
 * <p>Text must be UTF-8 and percent escapes well formed: anything else is a 400 saying where.
 */
public record SparqlRequest(
    Kind kind,
    String text,
    // A query's default-graph-uri and named-graph-uri; an update's using-graph-uri and
    // using-named-graph-uri.
    List<String> defaultGraphs,
    List<String> namedGraphs,
    String accept,
    String format,
    String inference,
    boolean explain,
    long timeoutMs) {

  public enum Kind {
    QUERY,
    UPDATE,
    PAGE
  }

  /** Takes {@code req} apart; {@code urlParams}: its URL's parameters, already decoded. */
  public static SparqlRequest parse(FullHttpRequest req, Map<String, List<String>> urlParams) {
    Map<String, List<String>> params = urlParams; // not changed: a form is merged into a copy
    String accept = req.headers().get(HttpHeaderNames.ACCEPT);
    HttpMethod method = req.method();

    if (method.equals(HttpMethod.GET) || method.equals(HttpMethod.HEAD)) {
      if (params.containsKey("update")) {
        throw bad("an update must be sent with POST, not GET");
      }
      if (!params.containsKey("query")) {
        return new SparqlRequest(Kind.PAGE, "", List.of(), List.of(), accept, null, null, false, 0);
      }
      return fromParams(params, accept);
    }
    if (!method.equals(HttpMethod.POST)) {
      throw new HttpError(
          HttpResponseStatus.METHOD_NOT_ALLOWED, "use GET or POST on the SPARQL endpoint");
    }
    String contentType = req.headers().get(HttpHeaderNames.CONTENT_TYPE, "");
    int semicolon = contentType.indexOf(';'); // "a/b; charset=...", or ";" alone (split: nothing)
    String baseType =
        (semicolon < 0 ? contentType : contentType.substring(0, semicolon))
            .trim()
            .toLowerCase(Locale.ROOT);
    String body = StrictForm.decode(req.content().nioBuffer(), "the request body");
    switch (baseType) {
      case "application/x-www-form-urlencoded" -> {
        Map<String, List<String>> all = new HashMap<>(urlParams);
        StrictForm.parameters(body, "the form")
            .forEach((k, v) -> all.merge(k, v, SparqlRequest::both));
        return fromParams(all, accept);
      }
      case "application/sparql-query" -> {
        return query(body, params, accept);
      }
      case "application/sparql-update" -> {
        return update(body, params, accept);
      }
      default ->
          throw new HttpError(
              HttpResponseStatus.UNSUPPORTED_MEDIA_TYPE,
              "unsupported Content-Type '"
                  + contentType
                  + "': POST application/x-www-form-urlencoded, application/sparql-query or"
                  + " application/sparql-update");
    }
  }

  private static SparqlRequest fromParams(Map<String, List<String>> params, String accept) {
    String query = single(params, "query");
    String update = single(params, "update");
    if (query != null && update != null) {
      throw bad("a request has either query= or update=, not both");
    }
    if (query == null && update == null) {
      throw bad("no query= or update= parameter");
    }
    if (update != null) {
      return update(update, params, accept);
    }
    return query(query, params, accept);
  }

  private static SparqlRequest query(String text, Map<String, List<String>> params, String accept) {
    return new SparqlRequest(
        Kind.QUERY,
        text,
        params.getOrDefault("default-graph-uri", List.of()),
        params.getOrDefault("named-graph-uri", List.of()),
        accept,
        single(params, "format"),
        single(params, "inference"),
        "true".equals(single(params, "explain")),
        timeoutMs(single(params, "timeout")));
  }

  /** The {@code timeout=} parameter: whole milliseconds, at least 1; 0 when absent. */
  private static long timeoutMs(String v) {
    if (v == null) {
      return 0;
    }
    try {
      long ms = Long.parseLong(v.trim());
      if (ms > 0) {
        return ms;
      }
    } catch (NumberFormatException e) {
      // answered below
    }
    throw bad("timeout= must be a whole number of milliseconds above 0, got '" + v + "'");
  }

  private static String single(Map<String, List<String>> params, String name) {
    List<String> v = params.get(name);
    if (v == null || v.isEmpty()) {
      return null;
    }
    if (v.size() > 1) {
      throw bad("the " + name + "= parameter is given " + v.size() + " times");
    }
    return v.get(0);
  }

  /**
   * An update; its dataset (the protocol's USING) in {@code defaultGraphs}, {@code namedGraphs}.
   */
  private static SparqlRequest update(
      String text, Map<String, List<String>> params, String accept) {
    return new SparqlRequest(
        Kind.UPDATE,
        text,
        params.getOrDefault("using-graph-uri", List.of()),
        params.getOrDefault("using-named-graph-uri", List.of()),
        accept,
        null,
        null,
        false,
        timeoutMs(single(params, "timeout")));
  }

  private static List<String> both(List<String> a, List<String> b) {
    List<String> all = new ArrayList<>(a);
    all.addAll(b);
    return all;
  }

  private static HttpError bad(String message) {
    return new HttpError(HttpResponseStatus.BAD_REQUEST, message);
  }
}
