package dev.quarry.server.http;

import io.netty.handler.codec.http.HttpResponseStatus;

/** A request that ends in an HTTP error status; the message is sent to the client as it is. */
public final class HttpError extends RuntimeException {
  private final HttpResponseStatus status;

  public HttpError(HttpResponseStatus status, String message) {
    super(message);
    this.status = status;
  }

  public HttpResponseStatus status() {
    return status;
  }
}
