package dev.quarry.server;

import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import java.nio.charset.StandardCharsets;

/** Complete (non-streamed) responses. */
final class HttpResponses {
  private HttpResponses() {}

  static void send(
      ChannelHandlerContext ctx,
      HttpResponseStatus status,
      String contentType,
      String body,
      boolean keepAlive) {
    send(ctx, status, contentType, body, keepAlive, null);
  }

  private static void send(
      ChannelHandlerContext ctx,
      HttpResponseStatus status,
      String contentType,
      String body,
      boolean keepAlive,
      String retryAfter) {
    byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
    FullHttpResponse resp =
        new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, status, Unpooled.wrappedBuffer(bytes));
    resp.headers().set(HttpHeaderNames.CONTENT_TYPE, ResponseStream.withCharset(contentType));
    if (retryAfter != null) {
      resp.headers().set(HttpHeaderNames.RETRY_AFTER, retryAfter);
    }
    HttpUtil.setContentLength(resp, bytes.length);
    HttpUtil.setKeepAlive(resp, keepAlive);
    var f = ctx.writeAndFlush(resp);
    if (!keepAlive) {
      f.addListener(ChannelFutureListener.CLOSE);
    }
  }

  /** 503 with Retry-After: the request was not taken, and may be sent again in a second. */
  static void busy(ChannelHandlerContext ctx, String message, boolean keepAlive) {
    error(ctx, HttpResponseStatus.SERVICE_UNAVAILABLE, message, keepAlive, "1");
  }

  /** An error: the status and one line saying what went wrong. */
  static void error(
      ChannelHandlerContext ctx, HttpResponseStatus status, String message, boolean keepAlive) {
    error(ctx, status, message, keepAlive, null);
  }

  private static void error(
      ChannelHandlerContext ctx,
      HttpResponseStatus status,
      String message,
      boolean keepAlive,
      String retryAfter) {
    String body = status.code() + " " + status.reasonPhrase() + ": " + message + "\n";
    send(ctx, status, "text/plain", body, keepAlive, retryAfter);
  }
}
