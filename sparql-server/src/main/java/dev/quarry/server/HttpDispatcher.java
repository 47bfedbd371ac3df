package dev.quarry.server;

import dev.quarry.server.sparql.QueryService;
import dev.quarry.server.sparql.ResultLimitException;
import dev.quarry.server.sparql.SparqlRequest;
import dev.quarry.server.sparql.UpdateService;
import io.micrometer.core.instrument.Timer;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.QueryStringDecoder;
import io.netty.handler.codec.http.TooLongHttpHeaderException;
import io.netty.handler.codec.http.TooLongHttpLineException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.RejectedExecutionException;
import org.apache.jena.query.QueryCancelledException;
import org.apache.jena.query.QueryException;
import org.apache.jena.shared.JenaException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Routes each HTTP request: {@code /sparql} (queries, updates, the query page), {@code /health},
 * {@code /metrics}. Queries and updates run on the query threads, never on Netty's I/O threads.
 */
@ChannelHandler.Sharable
final class HttpDispatcher extends SimpleChannelInboundHandler<FullHttpRequest> {
  private static final Logger LOG = LoggerFactory.getLogger(HttpDispatcher.class);

  private final QueryService queries;
  private final UpdateService updates;
  private final boolean updatesEnabled;
  private final ExecutorService workers;
  private final PrometheusMeterRegistry metrics;
  private final Timer queryTimer;
  private final Timer updateTimer;

  HttpDispatcher(
      QueryService queries,
      UpdateService updates,
      boolean updatesEnabled,
      ExecutorService workers,
      PrometheusMeterRegistry metrics) {
    this.queries = queries;
    this.updates = updates;
    this.updatesEnabled = updatesEnabled;
    this.workers = workers;
    this.metrics = metrics;
    this.queryTimer =
        Timer.builder("quarry.sparql.query")
            .description("SPARQL queries answered")
            .register(metrics);
    this.updateTimer =
        Timer.builder("quarry.sparql.update")
            .description("SPARQL updates applied")
            .register(metrics);
  }

  @Override
  protected void channelRead0(ChannelHandlerContext ctx, FullHttpRequest req) {
    boolean keepAlive = HttpUtil.isKeepAlive(req);
    if (!req.decoderResult().isSuccess()) {
      Throwable why = req.decoderResult().cause();
      if (why instanceof TooLongHttpLineException) {
        HttpResponses.error(
            ctx,
            HttpResponseStatus.REQUEST_URI_TOO_LONG,
            "the request line is longer than 8 KB: POST the query (as a form or"
                + " application/sparql-query) instead of putting it in the URL",
            false);
      } else if (why instanceof TooLongHttpHeaderException) {
        HttpResponses.error(
            ctx,
            HttpResponseStatus.REQUEST_HEADER_FIELDS_TOO_LARGE,
            "the request's headers are larger than 64 KB",
            false);
      } else {
        HttpResponses.error(ctx, HttpResponseStatus.BAD_REQUEST, "malformed HTTP request", false);
      }
      return;
    }
    String path = new QueryStringDecoder(req.uri()).path();
    metrics.counter("quarry.http.requests", "path", pathTag(path)).increment();
    try {
      switch (path) {
        case "/sparql", "/query", "/update" -> sparql(ctx, req, keepAlive);
        case "/", "" ->
            HttpResponses.send(
                ctx, HttpResponseStatus.OK, "text/html", QueryPage.html(), keepAlive);
        case "/health" -> health(ctx, keepAlive);
        case "/metrics" ->
            HttpResponses.send(
                ctx,
                HttpResponseStatus.OK,
                "text/plain; version=0.0.4",
                metrics.scrape(),
                keepAlive);
        default ->
            HttpResponses.error(
                ctx,
                HttpResponseStatus.NOT_FOUND,
                "no resource at " + path + " (try /sparql)",
                keepAlive);
      }
    } catch (HttpError e) {
      HttpResponses.error(ctx, e.status(), e.getMessage(), keepAlive);
    }
  }

  /** 200 if the store answers a read, else 503 with what failed (for load balancers, probes). */
  private void health(ChannelHandlerContext ctx, boolean keepAlive) {
    try {
      queries.checkStoreAnswers();
      HttpResponses.send(
          ctx, HttpResponseStatus.OK, "application/json", "{\"status\":\"ok\"}\n", keepAlive);
    } catch (RuntimeException e) {
      String why = String.valueOf(e.getMessage()).replace("\\", "\\\\").replace("\"", "\\\"");
      HttpResponses.send(
          ctx,
          HttpResponseStatus.SERVICE_UNAVAILABLE,
          "application/json",
          "{\"status\":\"failing\",\"error\":\"" + why + "\"}\n",
          keepAlive);
    }
  }

  private void sparql(ChannelHandlerContext ctx, FullHttpRequest req, boolean keepAlive) {
    SparqlRequest sr = SparqlRequest.parse(req);
    switch (sr.kind()) {
      case PAGE ->
          HttpResponses.send(ctx, HttpResponseStatus.OK, "text/html", QueryPage.html(), keepAlive);
      case QUERY -> {
        boolean head = req.method().equals(HttpMethod.HEAD);
        submit(ctx, keepAlive, () -> query(ctx, sr, keepAlive, head));
      }
      case UPDATE -> {
        if (!updatesEnabled) {
          throw new HttpError(
              HttpResponseStatus.FORBIDDEN,
              "SPARQL Update is disabled on this server (set update.enabled: true to enable it)");
        }
        submit(ctx, keepAlive, () -> update(ctx, sr, keepAlive));
      }
    }
  }

  /** On a query thread: parse and check (errors before the first byte), then run. */
  private void query(ChannelHandlerContext ctx, SparqlRequest sr, boolean keepAlive, boolean head) {
    QueryService.Prepared p;
    try {
      p =
          queries.prepare(
              sr.text(),
              sr.defaultGraphs(),
              sr.namedGraphs(),
              sr.accept(),
              sr.format(),
              sr.inference(),
              sr.timeoutMs());
    } catch (RuntimeException e) {
      HttpResponses.error(ctx, statusFor(e), messageFor(e), keepAlive);
      return;
    }
    if (sr.explain()) {
      runExplain(ctx, p, keepAlive);
    } else {
      runQuery(ctx, p, keepAlive, head);
    }
  }

  private void update(ChannelHandlerContext ctx, SparqlRequest sr, boolean keepAlive) {
    org.apache.jena.update.UpdateRequest update;
    try {
      update = updates.prepare(sr.text(), null, sr.defaultGraphs(), sr.namedGraphs());
    } catch (RuntimeException e) {
      HttpResponses.error(ctx, statusFor(e), messageFor(e), keepAlive);
      return;
    }
    runUpdate(ctx, update, keepAlive);
  }

  private void submit(ChannelHandlerContext ctx, boolean keepAlive, Runnable work) {
    try {
      workers.execute(work);
    } catch (RejectedExecutionException e) {
      if (workers.isShutdown()) {
        HttpResponses.error(
            ctx, HttpResponseStatus.SERVICE_UNAVAILABLE, "the server is shutting down", false);
        return;
      }
      metrics.counter("quarry.sparql.rejected").increment();
      HttpResponses.busy(
          ctx,
          "the server is busy: every query thread is at work and server.queued-requests are"
              + " waiting; retry shortly",
          keepAlive);
    }
  }

  private void runQuery(
      ChannelHandlerContext ctx, QueryService.Prepared p, boolean keepAlive, boolean head) {
    ResponseStream out =
        new ResponseStream(ctx, ResponseStream.withCharset(p.format().mediaType()), keepAlive);
    Timer.Sample sample = Timer.start(metrics);
    try {
      if (!head) {
        queries.execute(p, out);
      }
      out.finish();
    } catch (RuntimeException e) {
      fail(ctx, out, keepAlive, e);
    } finally {
      sample.stop(queryTimer);
    }
  }

  private void runExplain(ChannelHandlerContext ctx, QueryService.Prepared p, boolean keepAlive) {
    try {
      HttpResponses.send(
          ctx, HttpResponseStatus.OK, "text/plain; charset=utf-8", queries.explain(p), keepAlive);
    } catch (RuntimeException e) {
      HttpResponses.error(ctx, statusFor(e), messageFor(e), keepAlive);
    }
  }

  private void runUpdate(
      ChannelHandlerContext ctx, org.apache.jena.update.UpdateRequest update, boolean keepAlive) {
    long start = System.nanoTime();
    try {
      updates.execute(update);
      long ms = (System.nanoTime() - start) / 1_000_000;
      HttpResponses.send(
          ctx, HttpResponseStatus.OK, "text/plain", "update applied in " + ms + " ms\n", keepAlive);
    } catch (RuntimeException e) {
      HttpResponses.error(ctx, statusFor(e), messageFor(e), keepAlive);
    } finally {
      updateTimer.record(System.nanoTime() - start, java.util.concurrent.TimeUnit.NANOSECONDS);
    }
  }

  /** Answers with an error status if nothing was sent yet; otherwise the connection is cut. */
  private static void fail(
      ChannelHandlerContext ctx, ResponseStream out, boolean keepAlive, RuntimeException e) {
    boolean started = out.started();
    out.abandon();
    if (started) {
      LOG.warn("query failed after its response had started, connection closed: {}", e.toString());
      return;
    }
    HttpResponseStatus status = statusFor(e);
    if (status == HttpResponseStatus.INTERNAL_SERVER_ERROR) {
      LOG.error("query failed", e);
    }
    HttpResponses.error(ctx, status, messageFor(e), keepAlive);
  }

  private static HttpResponseStatus statusFor(RuntimeException e) {
    if (e instanceof HttpError he) {
      return he.status();
    }
    if (e instanceof QueryCancelledException) {
      return HttpResponseStatus.SERVICE_UNAVAILABLE;
    }
    if (e instanceof ResultLimitException
        || e instanceof QueryException
        || e instanceof JenaException) {
      return HttpResponseStatus.BAD_REQUEST;
    }
    return HttpResponseStatus.INTERNAL_SERVER_ERROR;
  }

  private static String messageFor(RuntimeException e) {
    if (e instanceof QueryCancelledException) {
      return "the query was cancelled: it ran past its time limit (limits.query-timeout, or the"
          + " request's timeout=)";
    }
    return e.getMessage() == null ? e.toString() : e.getMessage();
  }

  private static String pathTag(String path) {
    return switch (path) {
      case "/sparql", "/query", "/update", "/health", "/metrics", "/" -> path;
      default -> "other";
    };
  }

  @Override
  public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
    LOG.debug("connection error: {}", cause.toString());
    ctx.close();
  }
}
