package dev.quarry.server;

import dev.quarry.server.auth.Access;
import dev.quarry.server.gsp.GraphStoreRequest;
import dev.quarry.server.http.HttpError;
import dev.quarry.server.sparql.QueryShape;
import dev.quarry.server.sparql.SparqlRequest;
import dev.quarry.server.sparql.StrictForm;
import io.micrometer.core.instrument.Counter;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.QueryStringDecoder;
import io.netty.handler.codec.http.TooLongHttpHeaderException;
import io.netty.handler.codec.http.TooLongHttpLineException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.RejectedExecutionException;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Routes each HTTP request: {@code /sparql} (queries, updates, the Graph Store Protocol, the query
 * page, the Service Description), {@code /data} (the Graph Store Protocol), {@code /health}, {@code
 * /metrics}. Checks write permission and credentials, then hands the request to a query thread
 * (never running it on Netty's I/O threads), or answers 503 when all are busy.
 */
@ChannelHandler.Sharable
final class HttpDispatcher extends SimpleChannelInboundHandler<FullHttpRequest> {
  private static final Logger LOG = LoggerFactory.getLogger(HttpDispatcher.class);

  private final SparqlHandler sparql;
  private final GraphStoreHandler graphStore;
  private final HealthCheck health;
  private final Access access;
  private final boolean updatesEnabled;
  private final boolean tls;
  private final QueryExecutor workers;
  private final InlineQueries inline;
  private final Counter inlineRuns;
  // One counter per path tag (a handful), not a registry look-up per request.
  private final ConcurrentMap<String, Counter> requestCounters = new ConcurrentHashMap<>();
  private final PrometheusMeterRegistry metrics;
  private final AdminHandler admin;

  /** Whether the store answers; throws what it throws when it does not. */
  @FunctionalInterface
  interface HealthCheck {
    void check();
  }

  HttpDispatcher(
      SparqlHandler sparql,
      GraphStoreHandler graphStore,
      HealthCheck health,
      Access access,
      boolean updatesEnabled,
      boolean tls,
      QueryExecutor workers,
      PrometheusMeterRegistry metrics,
      AdminHandler admin,
      InlineQueries inline) {
    this.inline = inline;
    this.inlineRuns =
        Counter.builder("quarry.sparql.inline")
            .description("Queries run on the I/O thread that read them (server.inline-query-time)")
            .register(metrics);
    this.admin = admin;
    this.sparql = sparql;
    this.graphStore = graphStore;
    this.health = health;
    this.access = access;
    this.updatesEnabled = updatesEnabled;
    this.tls = tls;
    this.workers = workers;
    this.metrics = metrics;
  }

  @Override
  protected void channelRead0(ChannelHandlerContext ctx, FullHttpRequest req) {
    boolean keepAlive = HttpUtil.isKeepAlive(req);
    if (!req.decoderResult().isSuccess()) {
      malformed(ctx, req.decoderResult().cause());
      return;
    }
    String path = new QueryStringDecoder(req.uri()).path();
    requestCounters
        .computeIfAbsent(pathTag(path), tag -> metrics.counter("quarry.http.requests", "path", tag))
        .increment();
    try {
      switch (path) {
        case "/sparql", "/sparql/", "/query", "/update", GraphStoreRequest.DATA_PATH ->
            endpoint(ctx, req, path, keepAlive);
        case "/", "" -> light(ctx, req, keepAlive, "text/html", QueryPage::html);
        case "/health" -> health(ctx, keepAlive);
        case "/metrics" -> light(ctx, req, keepAlive, "text/plain; version=0.0.4", metrics::scrape);
        case AdminHandler.STATS -> {
          requireMethod(req, HttpMethod.GET);
          run(ctx, req, false, keepAlive, json(ctx, keepAlive, admin::statsJson));
        }
        case AdminHandler.CHECK -> {
          // A full pass over the store: an administrator's request, with credentials as writes.
          requireMethod(req, HttpMethod.POST);
          run(ctx, req, true, keepAlive, json(ctx, keepAlive, admin::checkJson));
        }
        case AdminHandler.BACKUP -> {
          // Every byte of the store: credentials as for writes, like the check.
          requireMethod(req, HttpMethod.POST);
          run(ctx, req, true, keepAlive, () -> admin.backup(ctx, req, keepAlive));
        }
        default -> {
          if (path.startsWith(GraphStoreRequest.DATA_PATH + "/")) {
            endpoint(ctx, req, path, keepAlive);
          } else {
            HttpResponses.error(
                ctx,
                HttpResponseStatus.NOT_FOUND,
                "no resource at " + path + " (try /sparql)",
                keepAlive);
          }
        }
      }
    } catch (HttpError e) {
      HttpResponses.error(ctx, e.status(), e.getMessage(), keepAlive);
    }
  }

  private void endpoint(ChannelHandlerContext ctx, FullHttpRequest req, String path, boolean ka) {
    var params = StrictForm.urlParameters(req.uri()); // decoded once, for either protocol
    if (GraphStoreRequest.isFor(req, path, params)) {
      GraphStoreRequest r = GraphStoreRequest.parse(req, path, params);
      boolean writes = GraphStoreHandler.writes(r);
      if (writes) {
        requireUpdates("Graph Store writes (PUT, POST, DELETE)");
      }
      run(ctx, req, writes, ka, () -> graphStore.handle(ctx, req, r, ka));
      return;
    }
    SparqlRequest sr = SparqlRequest.parse(req, params);
    switch (sr.kind()) {
      case PAGE -> {
        String host = req.headers().get(HttpHeaderNames.HOST, "localhost");
        String url = (tls ? "https://" : "http://") + host + path;
        run(ctx, req, false, ka, () -> sparql.pageOrDescription(ctx, req, url, ka));
      }
      case QUERY -> {
        boolean head = req.method().equals(HttpMethod.HEAD);
        QueryShape shape = inline.candidate(sr, req.headers().get(HttpHeaderNames.AUTHORIZATION));
        Runnable work = () -> sparql.query(ctx, sr, shape, ka, head);
        if (!(inline.admits(shape) && runHere(req, task(ctx, req, false, ka, work)))) {
          run(ctx, req, false, ka, work);
        }
      }
      case UPDATE -> {
        requireUpdates("SPARQL Update");
        run(ctx, req, true, ka, () -> sparql.update(ctx, sr, ka));
      }
    }
  }

  private static void requireMethod(FullHttpRequest req, HttpMethod method) {
    if (!req.method().equals(method)) {
      throw new HttpError(
          HttpResponseStatus.METHOD_NOT_ALLOWED,
          new QueryStringDecoder(req.uri()).path() + " takes " + method.name() + " only");
    }
  }

  private static Runnable json(
      ChannelHandlerContext ctx, boolean keepAlive, Supplier<String> body) {
    return () ->
        HttpResponses.send(ctx, HttpResponseStatus.OK, "application/json", body.get(), keepAlive);
  }

  private void requireUpdates(String what) {
    if (!updatesEnabled) {
      throw new HttpError(
          HttpResponseStatus.FORBIDDEN,
          what + " is disabled on this server (set update.enabled: true to enable it)");
    }
  }

  /**
   * Cheap reads (the page, /metrics) run at once, so that they answer when every query thread is
   * busy; unless credentials must be checked, which happens on a query thread.
   */
  private void light(
      ChannelHandlerContext ctx,
      FullHttpRequest req,
      boolean keepAlive,
      String contentType,
      Supplier<String> body) {
    Runnable work =
        () -> HttpResponses.send(ctx, HttpResponseStatus.OK, contentType, body.get(), keepAlive);
    if (access.needsCredentials(false)) {
      run(ctx, req, false, keepAlive, work);
    } else {
      work.run();
    }
  }

  /**
   * Runs {@code work} on a query thread once the request's credentials pass (checked there too: a
   * password check is slow by design, and must not stall the I/O thread). The request is held until
   * the work is done, as the work may read its body.
   */
  private void run(
      ChannelHandlerContext ctx,
      FullHttpRequest req,
      boolean writes,
      boolean keepAlive,
      Runnable work) {
    req.retain();
    if (!submit(ctx, keepAlive, task(ctx, req, writes, keepAlive, work))) {
      req.release();
    }
  }

  /** Runs {@code task} (which releases {@code req}) on this thread if no other request runs. */
  private boolean runHere(FullHttpRequest req, Runnable task) {
    req.retain();
    if (workers.runHereIfIdle(
        () -> {
          inlineRuns.increment(); // before the response, which a client may follow with /metrics
          task.run();
        })) {
      return true;
    }
    req.release();
    return false;
  }

  /**
   * {@code work} with the request's credentials checked first and its failures answered; it
   * releases {@code req}, which the caller has retained.
   */
  private Runnable task(
      ChannelHandlerContext ctx,
      FullHttpRequest req,
      boolean writes,
      boolean keepAlive,
      Runnable work) {
    boolean check = access.needsCredentials(writes);
    String authorization = req.headers().get(HttpHeaderNames.AUTHORIZATION);
    return () -> {
      try {
        if (check && !access.accepts(authorization)) {
          metrics.counter("quarry.http.unauthorized").increment();
          HttpResponses.unauthorized(
              ctx,
              authorization == null
                  ? "this request needs credentials (a bearer token or basic auth)"
                  : "the credentials sent are not valid here",
              keepAlive);
          return;
        }
        work.run();
      } catch (HttpError e) {
        HttpResponses.error(ctx, e.status(), e.getMessage(), keepAlive);
      } catch (RuntimeException e) {
        // One mapping of failures to statuses for every handler (a full disk is 507).
        HttpResponseStatus status = SparqlHandler.statusFor(e);
        if (status == HttpResponseStatus.INTERNAL_SERVER_ERROR) {
          LOG.error("request failed", e);
        } else {
          LOG.warn("request refused: {}", e.toString());
        }
        HttpResponses.error(ctx, status, SparqlHandler.messageFor(e), keepAlive);
      } catch (StackOverflowError e) {
        // Input nested past what a parser's recursion holds (the limits on SPARQL nesting
        // catch queries before; RDF bodies nest in blank nodes, lists and triple terms).
        StackTraceElement[] at = e.getStackTrace();
        LOG.warn("a request ran out of stack in {}", at.length > 0 ? at[0] : "?");
        HttpResponses.error(
            ctx,
            HttpResponseStatus.BAD_REQUEST,
            "the request nests too deeply for this server to read (its stack ran out)",
            false);
      } catch (Error e) {
        HttpResponses.error( // the client gets an answer; the error goes on to the worker
            ctx, HttpResponseStatus.INTERNAL_SERVER_ERROR, String.valueOf(e), false);
        throw e;
      } finally {
        req.release();
      }
    };
  }

  private boolean submit(ChannelHandlerContext ctx, boolean keepAlive, Runnable task) {
    try {
      workers.execute(task);
      return true;
    } catch (RejectedExecutionException e) {
      if (workers.isShutdown()) {
        HttpResponses.error(
            ctx, HttpResponseStatus.SERVICE_UNAVAILABLE, "the server is shutting down", false);
        return false;
      }
      metrics.counter("quarry.sparql.rejected").increment();
      HttpResponses.busy(
          ctx,
          "the server is busy: every query thread is at work and server.queued-requests are"
              + " waiting; retry shortly",
          keepAlive);
      return false;
    }
  }

  /** 200 if the store answers a read, else 503 with what failed (for load balancers, probes). */
  private void health(ChannelHandlerContext ctx, boolean keepAlive) {
    try {
      health.check();
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

  private static void malformed(ChannelHandlerContext ctx, Throwable why) {
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
  }

  private static String pathTag(String path) {
    if (path.startsWith(GraphStoreRequest.DATA_PATH)) {
      return GraphStoreRequest.DATA_PATH;
    }
    return switch (path) {
      case "/sparql",
          "/query",
          "/update",
          "/health",
          "/metrics",
          "/",
          AdminHandler.STATS,
          AdminHandler.CHECK,
          AdminHandler.BACKUP ->
          path;
      case "/sparql/" -> "/sparql";
      default -> "other";
    };
  }

  @Override
  public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
    LOG.debug("connection error: {}", cause.toString());
    ctx.close();
  }
}
