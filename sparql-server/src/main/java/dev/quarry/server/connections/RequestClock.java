package dev.quarry.server.connections;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelDuplexHandler;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelPromise;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpStatusClass;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.util.concurrent.ScheduledFuture;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * One connection's clock: a request must arrive within its limits (headers within {@link
 * ConnectionLimits#headerTime()} of its first byte, then its body within {@link
 * ConnectionLimits#bodyTime()}), else it is answered 408 and the connection closed; a connection
 * with nothing under way is closed after {@link ConnectionLimits#idleTime()}. While a request is
 * being answered the clock stops: the query's own time limit governs it.
 *
 * <p>Two handlers share the clock: {@link #bytes()} at the front of the pipeline sees a request's
 * first bytes (before TLS and HTTP decoding), {@link #messages()} after the HTTP codec sees the end
 * of its headers and body, and the end of each response. One timer per connection at most, moved
 * forward lazily: a state change only writes two fields on the connection's own thread.
 */
public final class RequestClock {
  private enum State {
    IDLE,
    HEADERS,
    BODY,
    ANSWERING
  }

  /** The meters the clocks of a server share. */
  public static final class Meters {
    final Counter header;
    final Counter body;
    final Counter idle;

    public Meters(MeterRegistry metrics) {
      header = closed(metrics, "request-header-time");
      body = closed(metrics, "request-body-time");
      idle = closed(metrics, "idle-connection-time");
    }

    private static Counter closed(MeterRegistry metrics, String limit) {
      return Counter.builder("quarry.http.connections.timed.out")
          .description(
              "Connections closed because a request or an idle connection ran past a limit")
          .tag("limit", limit)
          .register(metrics);
    }
  }

  private final long headerNanos;
  private final long bodyNanos;
  private final long idleNanos;
  private final Meters meters;
  private ChannelHandlerContext http; // the messages() handler's context: 408s are written there
  private State state = State.IDLE;
  private int answering; // requests received whole and not yet answered
  private boolean timedOut; // a 408 was sent: nothing more is read
  private long deadline; // System.nanoTime() at which the current state's limit passes
  private ScheduledFuture<?> timer;
  private long timerAt; // when the pending timer fires

  public RequestClock(ConnectionLimits limits, Meters meters) {
    this.headerNanos = limits.headerTime().toNanos();
    this.bodyNanos = limits.bodyTime().toNanos();
    this.idleNanos = limits.idleTime().toNanos();
    this.meters = meters;
  }

  /** The handler for the front of the pipeline: a request's first byte starts its clock. */
  public ChannelHandler bytes() {
    return new ChannelInboundHandlerAdapter() {
      @Override
      public void channelActive(ChannelHandlerContext ctx) throws Exception {
        enter(ctx, State.IDLE, idleNanos);
        super.channelActive(ctx);
      }

      @Override
      public void channelRead(ChannelHandlerContext ctx, Object msg) throws Exception {
        if (state == State.IDLE) {
          enter(ctx, State.HEADERS, headerNanos);
        }
        super.channelRead(ctx, msg);
      }

      @Override
      public void channelInactive(ChannelHandlerContext ctx) throws Exception {
        if (timer != null) {
          timer.cancel(false);
          timer = null;
        }
        super.channelInactive(ctx);
      }
    };
  }

  /**
   * The handler for right after the HTTP codec (before a compressor, which would refuse a response
   * to a request it has not seen): the ends of requests and responses.
   */
  public ChannelHandler messages() {
    return new ChannelDuplexHandler() {
      @Override
      public void handlerAdded(ChannelHandlerContext ctx) {
        http = ctx;
      }

      @Override
      public void channelRead(ChannelHandlerContext ctx, Object msg) throws Exception {
        if (msg instanceof HttpRequest && answering == 0) {
          enter(ctx, State.BODY, bodyNanos);
        }
        if (msg instanceof LastHttpContent && !timedOut) {
          answering++; // pipelined requests are answered in turn: the clock waits for them all
          enter(ctx, State.ANSWERING, 0);
        }
        super.channelRead(ctx, msg);
      }

      @Override
      public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise)
          throws Exception {
        // A response's end (a full response is one too), not "100 Continue" before a body.
        if (msg instanceof LastHttpContent
            && !(msg instanceof HttpResponse r
                && r.status().codeClass() == HttpStatusClass.INFORMATIONAL)) {
          promise.addListener(
              f -> {
                if (answering > 0 && --answering == 0 && f.isSuccess()) {
                  enter(ctx, State.IDLE, idleNanos);
                }
              });
        }
        super.write(ctx, msg, promise);
      }
    };
  }

  /** Enters {@code next}, whose limit is {@code nanos} from now (0: none). */
  private void enter(ChannelHandlerContext ctx, State next, long nanos) {
    state = next;
    if (nanos <= 0) {
      deadline = Long.MAX_VALUE; // no limit: a pending timer finds nothing to do
      return;
    }
    deadline = System.nanoTime() + nanos;
    if (timer != null && deadline - timerAt < 0) { // the pending timer would be late: replace it
      timer.cancel(false);
      timer = null;
    }
    if (timer == null) {
      schedule(ctx, nanos);
    }
  }

  private void schedule(ChannelHandlerContext ctx, long nanos) {
    timerAt = System.nanoTime() + nanos;
    timer = ctx.executor().schedule(() -> check(ctx), nanos, TimeUnit.NANOSECONDS);
  }

  /** The timer: acts if the limit has passed, else waits for the (moved) deadline. */
  private void check(ChannelHandlerContext ctx) {
    timer = null;
    if (!ctx.channel().isActive() || deadline == Long.MAX_VALUE) {
      return;
    }
    long left = deadline - System.nanoTime();
    if (left > 0) {
      schedule(ctx, left);
      return;
    }
    switch (state) {
      case IDLE -> {
        meters.idle.increment();
        ctx.channel().close();
      }
      case HEADERS -> timedOut(meters.header, "request-header-time", headerNanos);
      case BODY -> timedOut(meters.body, "request-body-time", bodyNanos);
      case ANSWERING -> {}
    }
  }

  /** Answers 408 (the request did not arrive in time) and closes the connection. */
  private void timedOut(Counter counter, String limit, long nanos) {
    counter.increment();
    state = State.ANSWERING; // nothing more is read from this connection
    timedOut = true;
    String body =
        "408 Request Timeout: the request did not arrive within "
            + Duration.ofNanos(nanos).toMillis()
            + " ms (limits."
            + limit
            + ")\n";
    byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
    FullHttpResponse resp =
        new DefaultFullHttpResponse(
            HttpVersion.HTTP_1_1,
            HttpResponseStatus.REQUEST_TIMEOUT,
            Unpooled.wrappedBuffer(bytes));
    resp.headers()
        .set(HttpHeaderNames.CONTENT_TYPE, "text/plain; charset=utf-8")
        .setInt(HttpHeaderNames.CONTENT_LENGTH, bytes.length)
        .set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE);
    http.writeAndFlush(resp).addListener(ChannelFutureListener.CLOSE);
  }
}
