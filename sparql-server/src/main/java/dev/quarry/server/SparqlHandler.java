package dev.quarry.server;

import dev.quarry.core.query.memory.QueryMemoryExceeded;
import dev.quarry.server.http.HttpError;
import dev.quarry.server.sparql.QueryService;
import dev.quarry.server.sparql.QueryShape;
import dev.quarry.server.sparql.ResultFormat;
import dev.quarry.server.sparql.ResultLimitException;
import dev.quarry.server.sparql.ServiceDescription;
import dev.quarry.server.sparql.ShapeRuns;
import dev.quarry.server.sparql.SparqlRequest;
import dev.quarry.server.sparql.UpdateService;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpResponseStatus;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.apache.jena.query.QueryCancelledException;
import org.apache.jena.query.QueryException;
import org.apache.jena.riot.RDFDataMgr;
import org.apache.jena.shared.JenaException;
import org.apache.jena.update.UpdateRequest;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Answers SPARQL Protocol requests on a query thread: queries (streamed), explains, updates, and a
 * GET without a query: the query page for browsers, the Service Description for RDF clients.
 */
final class SparqlHandler {
  private static final Logger LOG = LoggerFactory.getLogger(SparqlHandler.class);

  private final QueryService queries;
  private final UpdateService updates;
  private final Function<String, ServiceDescription.Facts> description; // endpoint URL -> facts
  private final MeterRegistry metrics;
  private final InlineQueries inline;
  private final Timer updateTimer;
  private final Counter responseBytes;
  // Each (form, outcome) timer, registered once: not looked up in the registry per query.
  private final ConcurrentMap<String, Timer> queryTimers = new ConcurrentHashMap<>();

  SparqlHandler(
      QueryService queries,
      UpdateService updates,
      Function<String, ServiceDescription.Facts> description,
      MeterRegistry metrics,
      InlineQueries inline) {
    this.queries = queries;
    this.inline = inline;
    this.updates = updates;
    this.description = description;
    this.metrics = metrics;
    this.updateTimer =
        Timer.builder("quarry.sparql.update")
            .description("SPARQL updates applied")
            .register(metrics);
    this.responseBytes = metrics.counter("quarry.sparql.response.bytes");
  }

  /** The query page, or the Service Description to a client that prefers RDF to HTML. */
  void pageOrDescription(
      ChannelHandlerContext ctx, FullHttpRequest req, String endpoint, boolean keepAlive) {
    String accept = req.headers().get(HttpHeaderNames.ACCEPT);
    if (!prefersRdf(accept)) {
      HttpResponses.send(ctx, HttpResponseStatus.OK, "text/html", QueryPage.html(), keepAlive);
      return;
    }
    ResultFormat f = ResultFormat.negotiate(accept, null, true);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    RDFDataMgr.write(out, ServiceDescription.of(description.apply(endpoint)), f.lang());
    HttpResponses.send(
        ctx, HttpResponseStatus.OK, f.mediaType(), out.toString(StandardCharsets.UTF_8), keepAlive);
  }

  /** True if the first of HTML and RDF syntaxes in {@code accept} is an RDF syntax. */
  static boolean prefersRdf(String accept) {
    if (accept == null) {
      return false;
    }
    for (String range : ResultFormat.byPreference(accept)) {
      if (range.equals("text/html")
          || range.equals("application/xhtml+xml")
          || range.equals("*/*")) {
        return false;
      }
      if (range.equals("text/turtle")
          || range.equals("application/rdf+xml")
          || range.equals("application/ld+json")
          || range.equals("application/n-triples")) {
        return true;
      }
    }
    return false;
  }

  /**
   * Parses and checks (errors before the first byte), then runs, streaming the result; {@code
   * shape}: the query's shape if the I/O thread made it ({@link InlineQueries}), else null.
   */
  void query(
      ChannelHandlerContext ctx,
      SparqlRequest sr,
      QueryShape shape,
      boolean keepAlive,
      boolean head) {
    long began = System.nanoTime();
    QueryService.Prepared p;
    try {
      p =
          queries.prepare(
              shape,
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
      explain(ctx, p, keepAlive);
      return;
    }
    ResponseStream out =
        new ResponseStream(ctx, ResponseStream.withCharset(p.format().mediaType()), keepAlive);
    Timer.Sample sample = Timer.start();
    String outcome = "ok";
    ShapeRuns runs = head ? null : p.runs(); // a HEAD runs nothing: no run for its shape's record
    try {
      if (!head) {
        queries.execute(p, out, abort -> watchDisconnect(ctx, abort));
      }
      inline.answering(runs, System.nanoTime() - began, out.size());
      out.finish();
    } catch (RuntimeException e) {
      outcome =
          !ctx.channel().isActive()
              ? "disconnected"
              : e instanceof QueryCancelledException
                  ? "timeout"
                  : e instanceof QueryMemoryExceeded ? "memory" : "error";
      fail(ctx, out, keepAlive, e);
    } finally {
      sample.stop(queryTimer(form(p), outcome));
      responseBytes.increment(out.size());
      if (!outcome.equals("ok")) {
        inline.failed(runs);
      }
    }
  }

  /**
   * Latency per query form and outcome as a histogram (100 us to 60 s), from which Prometheus
   * computes any percentile across servers (histogram_quantile).
   */
  private Timer queryTimer(String form, String outcome) {
    return queryTimers.computeIfAbsent(form + "/" + outcome, k -> newQueryTimer(form, outcome));
  }

  private Timer newQueryTimer(String form, String outcome) {
    return Timer.builder("quarry.sparql.query")
        .description("SPARQL queries answered, by form and outcome")
        .tags("form", form, "outcome", outcome)
        .publishPercentileHistogram()
        .minimumExpectedValue(Duration.ofNanos(100_000))
        .maximumExpectedValue(Duration.ofSeconds(60))
        .register(metrics);
  }

  private static String form(QueryService.Prepared p) {
    var q = p.query();
    return q.isSelectType()
        ? "select"
        : q.isAskType() ? "ask" : q.isConstructType() ? "construct" : "describe";
  }

  /** A closed connection aborts the query; the watch ends with the query. */
  private static AutoCloseable watchDisconnect(ChannelHandlerContext ctx, Runnable abort) {
    ChannelFutureListener onClose = f -> abort.run();
    ctx.channel().closeFuture().addListener(onClose);
    return () -> ctx.channel().closeFuture().removeListener(onClose);
  }

  private void explain(ChannelHandlerContext ctx, QueryService.Prepared p, boolean keepAlive) {
    try {
      HttpResponses.send(
          ctx, HttpResponseStatus.OK, "text/plain; charset=utf-8", queries.explain(p), keepAlive);
    } catch (RuntimeException e) {
      HttpResponses.error(ctx, statusFor(e), messageFor(e), keepAlive);
    }
  }

  void update(ChannelHandlerContext ctx, SparqlRequest sr, boolean keepAlive) {
    long start = System.nanoTime();
    try {
      UpdateRequest update = updates.prepare(sr.text(), null, sr.defaultGraphs(), sr.namedGraphs());
      updates.execute(update, sr.timeoutMs());
      long ms = (System.nanoTime() - start) / 1_000_000;
      HttpResponses.send(
          ctx, HttpResponseStatus.OK, "text/plain", "update applied in " + ms + " ms\n", keepAlive);
    } catch (RuntimeException e) {
      HttpResponses.error(ctx, statusFor(e), messageFor(e), keepAlive);
    } finally {
      updateTimer.record(System.nanoTime() - start, TimeUnit.NANOSECONDS);
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
    if (!ctx.channel().isActive()) {
      LOG.debug("query stopped, its client had gone: {}", e.toString());
      return;
    }
    HttpResponseStatus status = statusFor(e);
    if (status == HttpResponseStatus.INTERNAL_SERVER_ERROR) {
      LOG.error("query failed", e);
    }
    HttpResponses.error(ctx, status, messageFor(e), keepAlive);
  }

  static HttpResponseStatus statusFor(RuntimeException e) {
    if (e instanceof HttpError he) {
      return he.status();
    }
    if (e instanceof QueryCancelledException || e instanceof QueryMemoryExceeded) {
      return HttpResponseStatus.SERVICE_UNAVAILABLE; // a limit of the server's, not a bad request
    }
    if (DiskFull.causedBy(e)) {
      return HttpResponseStatus.INSUFFICIENT_STORAGE;
    }
    if (e instanceof ResultLimitException
        || e instanceof QueryException
        || e instanceof JenaException) {
      return HttpResponseStatus.BAD_REQUEST;
    }
    return HttpResponseStatus.INTERNAL_SERVER_ERROR;
  }

  static String messageFor(RuntimeException e) {
    if (e instanceof QueryCancelledException) {
      return "cancelled: it ran past its time limit (limits.query-timeout or"
          + " limits.update-timeout, or the request's timeout=); an update is rolled back";
    }
    if (DiskFull.causedBy(e)) {
      return DiskFull.message(e);
    }
    return e.getMessage() == null ? e.toString() : e.getMessage();
  }
}
