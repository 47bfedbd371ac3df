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
import java.util.List;

/** Complete (non-streamed) responses. */
final class HttpResponses {
  /** The challenges of a 401, one per header (clients read the first they know): either will do. */
  static final List<String> CHALLENGES =
      List.of("Basic realm=\"quarry\"", "Bearer realm=\"quarry\"");

  private HttpResponses() {}

  static void send(
      ChannelHandlerContext ctx,
      HttpResponseStatus status,
      String contentType,
      String body,
      boolean keepAlive) {
    send(ctx, response(status, contentType, body), keepAlive);
  }

  /** A response without a body (201, 204), with its Location if one is given. */
  static void empty(
      ChannelHandlerContext ctx, HttpResponseStatus status, String location, boolean keepAlive) {
    FullHttpResponse resp = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, status);
    if (location != null) {
      resp.headers().set(HttpHeaderNames.LOCATION, location);
    }
    if (status.code() != 204) {
      HttpUtil.setContentLength(resp, 0);
    }
    send(ctx, resp, keepAlive);
  }

  /** 503 with Retry-After: the request was not taken, and may be sent again in a second. */
  static void busy(ChannelHandlerContext ctx, String message, boolean keepAlive) {
    FullHttpResponse resp = errorResponse(HttpResponseStatus.SERVICE_UNAVAILABLE, message);
    resp.headers().set(HttpHeaderNames.RETRY_AFTER, "1");
    send(ctx, resp, keepAlive);
  }

  /** 401 with the challenge that tells clients (and browsers) which credentials to send. */
  static void unauthorized(ChannelHandlerContext ctx, String message, boolean keepAlive) {
    FullHttpResponse resp = errorResponse(HttpResponseStatus.UNAUTHORIZED, message);
    resp.headers().set(HttpHeaderNames.WWW_AUTHENTICATE, CHALLENGES);
    send(ctx, resp, keepAlive);
  }

  /** An error: the status and one line saying what went wrong. */
  static void error(
      ChannelHandlerContext ctx, HttpResponseStatus status, String message, boolean keepAlive) {
    send(ctx, errorResponse(status, message), keepAlive);
  }

  private static FullHttpResponse errorResponse(HttpResponseStatus status, String message) {
    String body = status.code() + " " + status.reasonPhrase() + ": " + message + "\n";
    return response(status, "text/plain", body);
  }

  private static FullHttpResponse response(
      HttpResponseStatus status, String contentType, String body) {
    byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
    FullHttpResponse resp =
        new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, status, Unpooled.wrappedBuffer(bytes));
    resp.headers().set(HttpHeaderNames.CONTENT_TYPE, ResponseStream.withCharset(contentType));
    HttpUtil.setContentLength(resp, bytes.length);
    return resp;
  }

  private static void send(ChannelHandlerContext ctx, FullHttpResponse resp, boolean keepAlive) {
    HttpUtil.setKeepAlive(resp, keepAlive);
    var f = ctx.writeAndFlush(resp);
    if (!keepAlive) {
      f.addListener(ChannelFutureListener.CLOSE);
    }
  }
}
