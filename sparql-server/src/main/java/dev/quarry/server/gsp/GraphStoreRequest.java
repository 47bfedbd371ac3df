package dev.quarry.server.gsp;

import dev.quarry.server.http.HttpError;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpResponseStatus;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.eclipse.rdf4j.rio.RDFFormat;
import org.eclipse.rdf4j.rio.Rio;

/**
 * A Graph Store HTTP Protocol request: the method and the graph it addresses. Graphs are named
 * indirectly ({@code ?default}, {@code ?graph=IRI}, on {@code /sparql} and {@code /data}) or
 * directly (the request's own URL, {@code /data/...}). {@code /data} without either addresses the
 * whole dataset: GET answers every quad, POST of triples creates a new graph, POST of quads adds
 * them where they say.
 */
public record GraphStoreRequest(HttpMethod method, Target target, String graphIri) {

  /** What a request addresses. */
  public enum Target {
    DEFAULT_GRAPH,
    NAMED_GRAPH,
    DATASET
  }

  /** The path of the dataset, whose sub-paths are graphs named directly. */
  public static final String DATA_PATH = "/data";

  /**
   * True if a request to {@code path} with these parameters is for the Graph Store Protocol rather
   * than a SPARQL query or update: every request under {@code /data}; on the SPARQL endpoint, PUT
   * and DELETE, and a GET, HEAD or POST (of RDF) naming a graph ({@code ?default}, {@code
   * ?graph=}).
   */
  public static boolean isFor(FullHttpRequest req, String path, Map<String, List<String>> params) {
    if (path.equals(DATA_PATH) || path.startsWith(DATA_PATH + "/")) {
      return true;
    }
    HttpMethod m = req.method();
    if (m.equals(HttpMethod.PUT) || m.equals(HttpMethod.DELETE)) {
      return true;
    }
    boolean namesGraph = params.containsKey("graph") || params.containsKey("default");
    if (m.equals(HttpMethod.GET) || m.equals(HttpMethod.HEAD)) {
      return namesGraph && !params.containsKey("query");
    }
    if (m.equals(HttpMethod.POST)) {
      String type = baseType(req);
      return !type.equals("application/x-www-form-urlencoded")
          && !type.equals("application/sparql-query")
          && !type.equals("application/sparql-update")
          && namesGraph;
    }
    return false;
  }

  /**
   * Takes a request apart; {@code authority} is the Host the client used, for graphs named by URL.
   *
   * @throws HttpError 400 when the graph is named twice or malformed
   */
  public static GraphStoreRequest parse(
      FullHttpRequest req, String path, Map<String, List<String>> params) {
    HttpMethod m = req.method();
    boolean dflt = params.containsKey("default");
    List<String> graphs = params.getOrDefault("graph", List.of());
    if (graphs.size() > 1 || (dflt && !graphs.isEmpty())) {
      throw bad("name one graph: ?default or ?graph=IRI, once");
    }
    if (dflt) {
      return new GraphStoreRequest(m, Target.DEFAULT_GRAPH, null);
    }
    if (!graphs.isEmpty()) {
      return new GraphStoreRequest(m, Target.NAMED_GRAPH, absoluteIri(graphs.get(0)));
    }
    if (path.startsWith(DATA_PATH + "/")) { // direct identification: the URL is the graph's name
      String host = req.headers().get(HttpHeaderNames.HOST);
      if (host == null || host.isBlank()) {
        throw bad("a graph named by its URL needs the request's Host header");
      }
      return new GraphStoreRequest(m, Target.NAMED_GRAPH, "http://" + host + path);
    }
    if (path.equals(DATA_PATH) || m.equals(HttpMethod.POST)) {
      return new GraphStoreRequest(m, Target.DATASET, null);
    }
    throw bad("a Graph Store request names a graph: ?default or ?graph=IRI");
  }

  /** The RDF format of the request's body, from its Content-Type; 415 when it is not RDF. */
  public static RDFFormat bodyFormat(FullHttpRequest req) {
    String type = baseType(req);
    String charset = charset(req);
    if (charset != null && !charset.equals("utf-8")) {
      throw new HttpError(
          HttpResponseStatus.UNSUPPORTED_MEDIA_TYPE,
          "RDF must be sent in UTF-8, not charset=" + charset);
    }
    Optional<RDFFormat> f = Rio.getParserFormatForMIMEType(type);
    return f.orElseThrow(
        () ->
            new HttpError(
                HttpResponseStatus.UNSUPPORTED_MEDIA_TYPE,
                "cannot read Content-Type '"
                    + type
                    + "' as RDF: send text/turtle, application/n-triples, application/rdf+xml,"
                    + " application/ld+json, application/trig or application/n-quads"));
  }

  private static String absoluteIri(String iri) {
    String s = iri.trim();
    int colon = s.indexOf(':');
    if (colon <= 0 || !s.substring(0, colon).matches("[A-Za-z][A-Za-z0-9+.-]*")) {
      throw bad("graph= must be an absolute IRI, got '" + iri + "'");
    }
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c <= ' ' || "<>\"{}|^`\\".indexOf(c) >= 0) {
        throw bad("graph= has a character an IRI may not hold at " + i + ": '" + iri + "'");
      }
    }
    return s;
  }

  private static String baseType(FullHttpRequest req) {
    String ct = req.headers().get(HttpHeaderNames.CONTENT_TYPE, "");
    int semicolon = ct.indexOf(';'); // split(";") of ";" alone has no first part
    return (semicolon < 0 ? ct : ct.substring(0, semicolon)).trim().toLowerCase(Locale.ROOT);
  }

  private static String charset(FullHttpRequest req) {
    String ct = req.headers().get(HttpHeaderNames.CONTENT_TYPE, "");
    for (String p : ct.split(";")) {
      String t = p.trim().toLowerCase(Locale.ROOT);
      if (t.startsWith("charset=")) {
        return t.substring(8).replace("\"", "").trim();
      }
    }
    return null;
  }

  private static HttpError bad(String message) {
    return new HttpError(HttpResponseStatus.BAD_REQUEST, message);
  }
}
