package dev.quarry.server;

import dev.quarry.io.LoadException;
import dev.quarry.io.Loader;
import dev.quarry.server.gsp.GraphStore;
import dev.quarry.server.gsp.GraphStoreRequest;
import dev.quarry.server.http.HttpError;
import dev.quarry.server.sparql.ResultFormat;
import io.netty.buffer.ByteBufUtil;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.multipart.DefaultHttpDataFactory;
import io.netty.handler.codec.http.multipart.FileUpload;
import io.netty.handler.codec.http.multipart.HttpPostRequestDecoder;
import io.netty.handler.codec.http.multipart.InterfaceHttpData;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.UUID;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;
import org.eclipse.rdf4j.rio.RDFFormat;
import org.eclipse.rdf4j.rio.Rio;

/**
 * Answers Graph Store HTTP Protocol requests (on a query thread): GET and HEAD stream the graph in
 * the syntax the client accepts; PUT, POST and DELETE change it atomically and answer 201 when they
 * created the graph, 204 otherwise; a graph that does not exist is a 404.
 */
final class GraphStoreHandler {
  private final GraphStore graphs;

  GraphStoreHandler(GraphStore graphs) {
    this.graphs = graphs;
  }

  /** True if the request changes the store (and so needs write permission). */
  static boolean writes(GraphStoreRequest r) {
    HttpMethod m = r.method();
    return m.equals(HttpMethod.PUT) || m.equals(HttpMethod.POST) || m.equals(HttpMethod.DELETE);
  }

  void handle(
      ChannelHandlerContext ctx, FullHttpRequest req, GraphStoreRequest r, boolean keepAlive) {
    HttpMethod m = r.method();
    Node graph = r.graphIri() == null ? null : NodeFactory.createURI(r.graphIri());
    try {
      if (m.equals(HttpMethod.GET) || m.equals(HttpMethod.HEAD)) {
        read(ctx, req, r, graph, keepAlive, m.equals(HttpMethod.HEAD));
      } else if (m.equals(HttpMethod.PUT) || m.equals(HttpMethod.POST)) {
        write(ctx, req, r, graph, keepAlive);
      } else if (m.equals(HttpMethod.DELETE)) {
        if (r.target() == GraphStoreRequest.Target.DATASET) {
          throw new HttpError(
              HttpResponseStatus.METHOD_NOT_ALLOWED,
              "DELETE names a graph (?default or ?graph=IRI); to empty the store use DROP ALL");
        }
        if (!graphs.delete(graph)) {
          throw noSuchGraph(r);
        }
        HttpResponses.empty(ctx, HttpResponseStatus.NO_CONTENT, null, keepAlive);
      } else {
        throw new HttpError(
            HttpResponseStatus.METHOD_NOT_ALLOWED,
            "the Graph Store Protocol takes GET, HEAD, PUT, POST and DELETE");
      }
    } catch (LoadException e) {
      HttpResponses.error(
          ctx, HttpResponseStatus.BAD_REQUEST, "RDF syntax error: " + e.describe(), keepAlive);
    }
  }

  private void read(
      ChannelHandlerContext ctx,
      FullHttpRequest req,
      GraphStoreRequest r,
      Node graph,
      boolean keepAlive,
      boolean head) {
    String accept = req.headers().get(HttpHeaderNames.ACCEPT);
    RDFFormat format =
        r.target() == GraphStoreRequest.Target.DATASET
            ? datasetFormat(accept)
            : Rio.getWriterFormatForMIMEType(ResultFormat.negotiate(accept, null, true).mediaType())
                .orElseThrow();
    if (graph != null && !graphs.exists(graph)) {
      throw noSuchGraph(r);
    }
    ResponseStream out =
        new ResponseStream(ctx, ResponseStream.withCharset(format.getDefaultMIMEType()), keepAlive);
    try {
      if (!head) {
        graphs.read(graph, format, out);
      }
      out.finish();
    } catch (RuntimeException e) {
      out.abandon();
      throw e;
    }
  }

  private void write(
      ChannelHandlerContext ctx,
      FullHttpRequest req,
      GraphStoreRequest r,
      Node graph,
      boolean keepAlive) {
    boolean put = r.method().equals(HttpMethod.PUT);
    List<Body> bodies = bodies(req);
    boolean toGraph = r.target() != GraphStoreRequest.Target.DATASET;
    // JSON-LD may name graphs or not: to a graph it is taken as triples (and refused if it names
    // one, GraphStore.write); to the dataset as quads.
    boolean quads =
        bodies.stream()
            .anyMatch(
                b -> b.format().supportsContexts() && !(toGraph && b.format() == RDFFormat.JSONLD));
    String location = null;
    if (r.target() == GraphStoreRequest.Target.DATASET) {
      if (put) {
        throw new HttpError(
            HttpResponseStatus.METHOD_NOT_ALLOWED,
            "PUT names a graph (?default or ?graph=IRI); POST to /data adds to the dataset");
      }
      if (!quads) { // triples posted to the store: a new graph of their own
        location = newGraphIri(req);
        graph = NodeFactory.createURI(location);
      }
    } else if (quads) {
      throw new HttpError(
          HttpResponseStatus.UNSUPPORTED_MEDIA_TYPE,
          "a graph holds triples: send a triple syntax (Turtle, N-Triples, RDF/XML, JSON-LD)"
              + " here, or quads (TriG, N-Quads) to /data");
    }
    String base = graph != null ? graph.getURI() : "http://quarry.invalid/data";
    List<Loader.Source> sources = new ArrayList<>();
    for (Body b : bodies) {
      sources.add(
          new Loader.Source(
              b.name(), b.format(), base, () -> new ByteArrayInputStream(b.bytes()), true));
    }
    GraphStore.Outcome done = graphs.write(graph, sources, put, toGraph);
    if (location != null || done == GraphStore.Outcome.CREATED) {
      HttpResponses.empty(ctx, HttpResponseStatus.CREATED, location, keepAlive);
    } else {
      HttpResponses.empty(ctx, HttpResponseStatus.NO_CONTENT, null, keepAlive);
    }
  }

  /** One RDF document of a request: its name for errors, its syntax, its bytes. */
  private record Body(String name, RDFFormat format, byte[] bytes) {}

  /** The request's RDF: its body, or each file of a multipart/form-data body. */
  private static List<Body> bodies(FullHttpRequest req) {
    String type = req.headers().get(HttpHeaderNames.CONTENT_TYPE, "");
    if (!type.toLowerCase(Locale.ROOT).startsWith("multipart/form-data")) {
      return List.of(
          new Body(
              "the request body",
              GraphStoreRequest.bodyFormat(req),
              ByteBufUtil.getBytes(req.content())));
    }
    HttpPostRequestDecoder decoder =
        new HttpPostRequestDecoder(new DefaultHttpDataFactory(false), req);
    try {
      List<Body> out = new ArrayList<>();
      for (InterfaceHttpData part : decoder.getBodyHttpDatas()) {
        if (part instanceof FileUpload f) {
          RDFFormat format =
              Rio.getParserFormatForMIMEType(f.getContentType())
                  .or(() -> Rio.getParserFormatForFileName(f.getFilename()))
                  .orElseThrow(
                      () ->
                          new HttpError(
                              HttpResponseStatus.UNSUPPORTED_MEDIA_TYPE,
                              "cannot read part '" + f.getFilename() + "' as RDF"));
          out.add(new Body("part '" + f.getFilename() + "'", format, f.get()));
        }
      }
      if (out.isEmpty()) {
        throw new HttpError(HttpResponseStatus.BAD_REQUEST, "the multipart body holds no file");
      }
      return out;
    } catch (HttpPostRequestDecoder.ErrorDataDecoderException | IOException e) {
      throw new HttpError(
          HttpResponseStatus.BAD_REQUEST, "malformed multipart/form-data body: " + e.getMessage());
    } finally {
      decoder.destroy();
    }
  }

  /** A fresh graph name under /data, so that it can also be read by its own URL. */
  private static String newGraphIri(FullHttpRequest req) {
    String host = req.headers().get(HttpHeaderNames.HOST, "localhost");
    return "http://" + host + GraphStoreRequest.DATA_PATH + "/" + UUID.randomUUID();
  }

  private static RDFFormat datasetFormat(String accept) {
    if (accept == null) {
      return RDFFormat.NQUADS;
    }
    for (String range : ResultFormat.byPreference(accept)) {
      switch (range) {
        case "application/n-quads", "text/x-nquads", "*/*", "application/*" -> {
          return RDFFormat.NQUADS;
        }
        case "application/trig" -> {
          return RDFFormat.TRIG;
        }
        default -> {}
      }
    }
    throw new HttpError(
        HttpResponseStatus.NOT_ACCEPTABLE,
        "the dataset is written as application/n-quads or application/trig, not " + accept);
  }

  private static HttpError noSuchGraph(GraphStoreRequest r) {
    return new HttpError(HttpResponseStatus.NOT_FOUND, "no graph <" + r.graphIri() + "> here");
  }
}
