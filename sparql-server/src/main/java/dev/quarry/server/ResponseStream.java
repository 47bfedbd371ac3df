package dev.quarry.server;

import dev.quarry.server.connections.ConnectionLimits;
import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.DefaultHttpContent;
import io.netty.handler.codec.http.DefaultHttpResponse;
import io.netty.handler.codec.http.DefaultLastHttpContent;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import java.io.IOException;
import java.io.OutputStream;
import java.time.Duration;

/**
 * A 200 response body written from a query thread (or an I/O thread, for a quick query), streamed
 * to the client in chunks.
 *
 * <p>Nothing is sent until a chunk is full, so a query that fails early (before 64 KB of output)
 * can still be answered with a proper error status: see {@link #started()}. A small result goes out
 * as one response with a Content-Length. When the client reads slowly, the writer waits for the
 * socket to drain instead of buffering the whole result in memory; when the client has gone away,
 * writing fails, which stops the query.
 */
final class ResponseStream extends OutputStream {
  private static final int CHUNK = 64 * 1024;
  // Most answers are small: the first buffer grows to a chunk only if the answer does.
  private static final int FIRST = 8 * 1024;

  private final ChannelHandlerContext ctx;
  private final String contentType;
  private final boolean keepAlive;
  private ByteBuf buf;
  private boolean started;
  private boolean finished;
  private long sent; // body bytes handed to the channel

  ResponseStream(ChannelHandlerContext ctx, String contentType, boolean keepAlive) {
    this.ctx = ctx;
    this.contentType = contentType;
    this.keepAlive = keepAlive;
    this.buf = ctx.alloc().buffer(FIRST, CHUNK);
  }

  /** True once the status line has been sent: from then on, an error can only cut the response. */
  boolean started() {
    return started;
  }

  @Override
  public void write(int b) throws IOException {
    buf.writeByte(b);
    if (buf.readableBytes() >= CHUNK) {
      sendChunk();
    }
  }

  @Override
  public void write(byte[] b, int off, int len) throws IOException {
    while (len > 0) {
      int n = Math.min(len, CHUNK - buf.readableBytes());
      buf.writeBytes(b, off, n);
      off += n;
      len -= n;
      if (buf.readableBytes() >= CHUNK) {
        sendChunk();
      }
    }
  }

  private void sendChunk() throws IOException {
    if (!ctx.channel().isActive()) {
      throw new IOException("the client closed the connection");
    }
    if (!started) {
      HttpResponse head = new DefaultHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.OK);
      head.headers().set(HttpHeaderNames.CONTENT_TYPE, contentType);
      HttpUtil.setTransferEncodingChunked(head, true);
      HttpUtil.setKeepAlive(head, keepAlive);
      ctx.write(head);
      started = true;
    }
    sent += buf.readableBytes();
    ChannelFuture f = ctx.writeAndFlush(new DefaultHttpContent(buf));
    buf = ctx.alloc().buffer(CHUNK);
    // Back-pressure: let the socket drain; not on the I/O thread itself, which must do the draining
    // (a query runs there only if its shape's results are small: InlineQueries).
    if (!ctx.channel().isWritable() && !ctx.executor().inEventLoop()) {
      awaitDrained(f);
      if (!f.isSuccess()) {
        throw new IOException("the client closed the connection", f.cause());
      }
    }
  }

  /**
   * Waits for {@code f}, the chunk before, to reach the socket: at most the connection's {@link
   * ConnectionLimits#stallTime()}, after which a client that reads nothing is cut off (and the
   * query writing to it ends), so that it cannot hold a query thread for ever.
   */
  private void awaitDrained(ChannelFuture f) throws IOException {
    Duration stall = ctx.channel().attr(ConnectionLimits.STALL_TIME).get();
    if (stall == null || stall.isZero()) {
      f.awaitUninterruptibly();
    } else if (!f.awaitUninterruptibly(stall.toMillis())) {
      ctx.close();
      throw new IOException(
          "the client read nothing for "
              + stall.toMillis()
              + " ms (limits.response-stall-time): connection closed");
    }
  }

  /** The body's bytes written so far, sent or buffered (before compression). */
  long size() {
    return sent + (buf == null ? 0 : buf.readableBytes());
  }

  /** Ends the response normally. */
  void finish() {
    if (finished) {
      return;
    }
    finished = true;
    sent += buf.readableBytes();
    ChannelFuture last;
    if (!started) {
      var resp = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.OK, buf);
      resp.headers().set(HttpHeaderNames.CONTENT_TYPE, contentType);
      HttpUtil.setContentLength(resp, buf.readableBytes());
      HttpUtil.setKeepAlive(resp, keepAlive);
      last = ctx.writeAndFlush(resp);
    } else {
      last = ctx.writeAndFlush(new DefaultLastHttpContent(buf));
    }
    buf = null;
    if (!keepAlive) {
      last.addListener(ChannelFutureListener.CLOSE);
    }
  }

  /**
   * Drops what is buffered; if the response had started, cuts the connection so the client sees it
   * fail.
   */
  void abandon() {
    if (finished) {
      return;
    }
    finished = true;
    if (buf != null) {
      buf.release();
      buf = null;
    }
    if (started) {
      ctx.close();
    }
  }

  static String withCharset(String mediaType) {
    return mediaType.startsWith("text/") || mediaType.contains("json") || mediaType.contains("xml")
        ? mediaType + "; " + HttpHeaderValues.CHARSET + "=utf-8"
        : mediaType;
  }
}
