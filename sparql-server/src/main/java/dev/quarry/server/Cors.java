package dev.quarry.server;

import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.cors.CorsConfig;
import io.netty.handler.codec.http.cors.CorsConfigBuilder;
import java.util.Arrays;

/** Cross-origin access for browser pages on other origins (server.cors-origins). */
final class Cors {
  private Cors() {}

  /** The CORS policy, or null when no origin is allowed (no CORS headers at all). */
  static CorsConfig config(String origins) {
    String[] list =
        Arrays.stream(origins.split(","))
            .map(String::trim)
            .filter(s -> !s.isEmpty())
            .toArray(String[]::new);
    if (list.length == 0) {
      return null;
    }
    CorsConfigBuilder b =
        list.length == 1 && list[0].equals("*")
            ? CorsConfigBuilder.forAnyOrigin()
            : CorsConfigBuilder.forOrigins(list).allowCredentials();
    return b.allowedRequestMethods(
            HttpMethod.GET, HttpMethod.HEAD, HttpMethod.POST, HttpMethod.PUT, HttpMethod.DELETE)
        .allowedRequestHeaders(
            HttpHeaderNames.AUTHORIZATION,
            HttpHeaderNames.CONTENT_TYPE,
            HttpHeaderNames.ACCEPT,
            HttpHeaderNames.ACCEPT_ENCODING)
        .exposeHeaders(HttpHeaderNames.LOCATION, HttpHeaderNames.CONTENT_LENGTH)
        .maxAge(3600)
        .build();
  }
}
