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
    byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
    FullHttpResponse resp =
        new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, status, Unpooled.wrappedBuffer(bytes));
    resp.headers().set(HttpHeaderNames.CONTENT_TYPE, ResponseStream.withCharset(contentType));
    HttpUtil.setContentLength(resp, bytes.length);
    HttpUtil.setKeepAlive(resp, keepAlive);
    var f = ctx.writeAndFlush(resp);
    if (!keepAlive) {
      f.addListener(ChannelFutureListener.CLOSE);
    }
  }

  /** An error: the status and one line saying what went wrong. */
  static void error(
      ChannelHandlerContext ctx, HttpResponseStatus status, String message, boolean keepAlive) {
    send(
        ctx,
        status,
        "text/plain",
        status.code() + " " + status.reasonPhrase() + ": " + message + "\n",
        keepAlive);
  }
}
