package dev.quarry.server;

import dev.quarry.core.Store;
import dev.quarry.core.config.ConfigException;
import dev.quarry.core.query.memory.MemoryPool;
import dev.quarry.server.auth.Access;
import dev.quarry.server.connections.ConnectionGuard;
import dev.quarry.server.connections.ConnectionLimits;
import dev.quarry.server.connections.RequestClock;
import dev.quarry.server.gsp.GraphStore;
import dev.quarry.server.sparql.MemoryLimits;
import dev.quarry.server.sparql.QueryService;
import dev.quarry.server.sparql.QueryTemplates;
import dev.quarry.server.sparql.ServiceDescription;
import dev.quarry.server.sparql.UpdateService;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.binder.jvm.JvmGcMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmMemoryMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmThreadMetrics;
import io.micrometer.core.instrument.binder.system.ProcessorMetrics;
import io.micrometer.core.instrument.binder.system.UptimeMetrics;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.IoHandlerFactory;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.EpollIoHandler;
import io.netty.channel.epoll.EpollServerSocketChannel;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.handler.codec.compression.StandardCompressionOptions;
import io.netty.handler.codec.http.HttpContentCompressor;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.codec.http.HttpServerExpectContinueHandler;
import io.netty.handler.codec.http.cors.CorsConfig;
import io.netty.handler.codec.http.cors.CorsHandler;
import io.netty.handler.ssl.SslContext;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Quarry's HTTP server (Netty): the SPARQL 1.1 Protocol at {@code /sparql}, {@code /health} and
 * {@code /metrics}, over one store. The caller owns the store: closing the server leaves it open.
 */
public final class QuarryServer implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(QuarryServer.class);

  private final EventLoopGroup boss;
  private final EventLoopGroup io;
  private final ExecutorService workers;
  private final Channel channel;
  private final PrometheusMeterRegistry metrics;
  private final JvmGcMetrics gc; // listens to the JVM's GC notifications until closed
  private final boolean tls;
  private final ConnectionGuard connections;

  private QuarryServer(
      EventLoopGroup boss,
      EventLoopGroup io,
      ExecutorService workers,
      Channel channel,
      PrometheusMeterRegistry metrics,
      JvmGcMetrics gc,
      boolean tls,
      ConnectionGuard connections) {
    this.boss = boss;
    this.io = io;
    this.workers = workers;
    this.channel = channel;
    this.metrics = metrics;
    this.gc = gc;
    this.tls = tls;
    this.connections = connections;
  }

  /**
   * The memory the server's queries hold rows in (limits.total-query-memory), spilling to the
   * store's tmp/ directory (swept now: only this server uses it, holding the store's lock), with
   * its meters.
   */
  private static MemoryPool queryMemory(
      Store store, ServerConfig cfg, PrometheusMeterRegistry metrics) {
    MemoryPool pool =
        store
            .location()
            .map(dir -> new MemoryPool(cfg.totalQueryMemory(), dir.resolve("tmp")))
            .orElseGet(() -> MemoryPool.inTempDirectory(cfg.totalQueryMemory()));
    bytesGauge(
        metrics,
        "used",
        pool::used,
        "Bytes the running queries' sorts, DISTINCT, groups and joins hold");
    bytesGauge(metrics, "peak", pool::peak, "The most the running queries held at once");
    bytesGauge(metrics, "limit", pool::total, "limits.total-query-memory");
    FunctionCounter.builder("quarry.query.spilled", pool, MemoryPool::spilled)
        .baseUnit("bytes")
        .description("Bytes queries wrote to spill files when their memory was spent")
        .register(metrics);
    return pool;
  }

  private static void bytesGauge(
      PrometheusMeterRegistry metrics, String name, LongSupplier value, String description) {
    Gauge.builder("quarry.query.memory." + name, value, v -> v.getAsLong())
        .baseUnit("bytes")
        .description(description)
        .register(metrics);
  }

  /** Starts serving {@code store}; port 0 picks a free port (see {@link #port()}). */
  public static QuarryServer start(Store store, ServerConfig cfg) throws InterruptedException {
    PrometheusMeterRegistry metrics = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
    store.bindTo(metrics); // the buffer pool's and the executor's meters on /metrics
    new JvmMemoryMetrics().bindTo(metrics);
    new JvmThreadMetrics().bindTo(metrics);
    new ProcessorMetrics().bindTo(metrics);
    new UptimeMetrics().bindTo(metrics);
    new ProcessIoMetrics().bindTo(metrics);
    JvmGcMetrics gc = new JvmGcMetrics();
    gc.bindTo(metrics);
    MemoryLimits memory = new MemoryLimits(queryMemory(store, cfg, metrics), cfg.queryMemory());
    QueryService queries =
        new QueryService(
            store,
            cfg.queryTimeout(),
            cfg.maxResultRows(),
            cfg.allowService(),
            cfg.queryShapes(),
            memory,
            cfg.textLimits());
    FunctionCounter.builder(
            "quarry.sparql.query.parses.saved", queries.templates(), QueryTemplates::hits)
        .description("Queries made from the parse of their shape instead of by the parser")
        .register(metrics);
    FunctionCounter.builder(
            "quarry.sparql.query.parses", queries.templates(), QueryTemplates::misses)
        .description("Queries the parser parsed (shape not yet or not templated)")
        .register(metrics);
    UpdateService updates =
        new UpdateService(
            store,
            cfg.allowService(),
            cfg.allowLoadUrls(),
            UpdateService.dirs(cfg.loadDirs()),
            cfg.updateTimeout(),
            memory,
            cfg.textLimits());
    Access access =
        Access.from(
            cfg.authTokens(),
            cfg.authUsers(),
            cfg.authRequire(),
            loopbackOnly(cfg.host()),
            cfg.updateEnabled());
    SslContext tls = Tls.context(cfg.tlsCertificate(), cfg.tlsKey());
    CorsConfig cors = Cors.config(cfg.corsOrigins());
    // A bounded queue in front of the query threads: past it, 503 at once (admission control).
    QueryExecutor workers =
        new QueryExecutor(
            cfg.queryThreads(), cfg.queuedRequests(), cfg.queryNiceAtStart(), cfg.queryNice());
    Gauge.builder("quarry.sparql.queued", workers, QueryExecutor::queued)
        .description("Requests waiting for a query thread")
        .register(metrics);
    Gauge.builder("quarry.sparql.active", workers, QueryExecutor::active)
        .description("Requests running on query threads")
        .register(metrics);
    Gauge.builder("quarry.sparql.starting", workers, w -> w.starting() ? 1 : 0)
        .description("1 while queries run niced for the JIT's start (server.query-nice-at-start)")
        .register(metrics);
    InlineQueries inline =
        new InlineQueries(cfg.inlineQueryTime(), workers, queries.templates(), access);
    SparqlHandler sparql =
        new SparqlHandler(
            queries,
            updates,
            endpoint ->
                new ServiceDescription.Facts(
                    endpoint,
                    cfg.updateEnabled(),
                    cfg.allowService(),
                    cfg.unionDefaultGraph(),
                    cfg.queryTimeout(),
                    cfg.maxResultRows(),
                    cfg.maxRequestBytes(),
                    store.stats()),
            metrics,
            inline);
    HttpDispatcher dispatcher =
        new HttpDispatcher(
            sparql,
            new GraphStoreHandler(new GraphStore(store)),
            queries::checkStoreAnswers,
            access,
            cfg.updateEnabled(),
            tls != null,
            workers,
            metrics,
            new AdminHandler(store),
            inline);
    int maxBody = (int) Math.min(Integer.MAX_VALUE, cfg.maxRequestBytes());
    ConnectionLimits limits = cfg.connections();
    ConnectionGuard guard = new ConnectionGuard(limits, metrics);
    RequestClock.Meters clockMeters = new RequestClock.Meters(metrics);

    boolean epoll = Epoll.isAvailable();
    LOG.debug("HTTP transport: {}", epoll ? "epoll" : "NIO (" + Epoll.unavailabilityCause() + ")");
    IoHandlerFactory handlers = epoll ? EpollIoHandler.newFactory() : NioIoHandler.newFactory();
    EventLoopGroup boss = new MultiThreadIoEventLoopGroup(1, handlers);
    EventLoopGroup io = new MultiThreadIoEventLoopGroup(cfg.ioThreads(), handlers);
    try {
      Channel ch =
          new ServerBootstrap()
              .group(boss, io)
              .channel(epoll ? EpollServerSocketChannel.class : NioServerSocketChannel.class)
              .childOption(ChannelOption.TCP_NODELAY, true)
              .childHandler(
                  new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel c) {
                      RequestClock clock = new RequestClock(limits, clockMeters);
                      c.attr(ConnectionLimits.STALL_TIME).set(limits.stallTime());
                      c.pipeline().addLast(guard, clock.bytes());
                      if (tls != null) {
                        c.pipeline().addLast(tls.newHandler(c.alloc()));
                      }
                      c.pipeline()
                          .addLast(new HttpServerCodec(8192, 64 * 1024, 64 * 1024))
                          .addLast(clock.messages());
                      if (cfg.compress()) { // gzip or deflate when the client asks
                        c.pipeline()
                            .addLast(
                                new HttpContentCompressor(
                                    1024,
                                    StandardCompressionOptions.gzip(),
                                    StandardCompressionOptions.deflate()));
                      }
                      if (cors != null) {
                        c.pipeline().addLast(new CorsHandler(cors));
                      }
                      c.pipeline()
                          .addLast(new HttpServerExpectContinueHandler())
                          .addLast(new HttpObjectAggregator(maxBody))
                          .addLast(dispatcher);
                    }
                  })
              .bind(cfg.host(), cfg.port())
              .sync()
              .channel();
      JitSettling.watch(workers);
      return new QuarryServer(boss, io, workers, ch, metrics, gc, tls != null, guard);
    } catch (InterruptedException | RuntimeException e) {
      boss.shutdownGracefully(0, 1, TimeUnit.SECONDS);
      io.shutdownGracefully(0, 1, TimeUnit.SECONDS);
      workers.shutdownNow();
      gc.close();
      throw e;
    }
  }

  private static boolean loopbackOnly(String host) {
    try {
      return InetAddress.getByName(host).isLoopbackAddress();
    } catch (UnknownHostException e) {
      throw new ConfigException("server.host: unknown host '" + host + "'");
    }
  }

  public int port() {
    return ((InetSocketAddress) channel.localAddress()).getPort();
  }

  /** The SPARQL endpoint's URL. */
  public URI endpoint() {
    return URI.create(base() + "/sparql");
  }

  /** The server's URL: scheme, address and port. */
  public String base() {
    InetSocketAddress a = (InetSocketAddress) channel.localAddress();
    String host =
        a.getAddress().isAnyLocalAddress() ? "127.0.0.1" : a.getAddress().getHostAddress();
    if (host.contains(":")) {
      host = "[" + host + "]";
    }
    return (tls ? "https://" : "http://") + host + ":" + a.getPort();
  }

  /** The open connections and their limits. */
  public ConnectionGuard connections() {
    return connections;
  }

  public PrometheusMeterRegistry metrics() {
    return metrics;
  }

  /** Stops accepting, lets running requests finish for a moment, then stops. */
  @Override
  public void close() {
    channel.close().awaitUninterruptibly();
    workers.shutdown();
    try {
      workers.awaitTermination(5, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    workers.shutdownNow();
    boss.shutdownGracefully(0, 2, TimeUnit.SECONDS).awaitUninterruptibly();
    io.shutdownGracefully(0, 2, TimeUnit.SECONDS).awaitUninterruptibly();
    gc.close();
  }
}
