package dev.quarry.server.cli;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import org.apache.jena.atlas.json.JSON;
import org.apache.jena.atlas.json.JsonObject;

/**
 * The server that holds a store directory, for the commands that would otherwise fail on its lock:
 * found from the directory's {@link ServerEndpointFile} and asked whether it is up ({@code
 * /health}); its requests carry a bearer token when given.
 */
final class RunningServer {
  private final URI endpoint;
  private final String token;
  private final HttpClient http =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

  private RunningServer(URI endpoint, String token) {
    this.endpoint = endpoint;
    this.token = token;
  }

  /** The server of a given endpoint. */
  static RunningServer at(URI endpoint, String token) {
    return new RunningServer(endpoint, token);
  }

  /** The running server named in {@code storeDir}, or null (none named, or it does not answer). */
  static RunningServer holding(Path storeDir, String token) {
    URI e = ServerEndpointFile.read(storeDir);
    if (e == null) {
      return null;
    }
    RunningServer s = new RunningServer(e, token);
    try {
      int status =
          s.http
              .send(
                  HttpRequest.newBuilder(e.resolve("/health"))
                      .timeout(Duration.ofSeconds(5))
                      .build(),
                  HttpResponse.BodyHandlers.discarding())
              .statusCode();
      return status == 200 || status == 503 ? s : null;
    } catch (IOException ex) {
      return null; // a stale file: the server is gone, the store is free
    } catch (InterruptedException ex) {
      Thread.currentThread().interrupt();
      return null;
    }
  }

  URI endpoint() {
    return endpoint;
  }

  static String enc(String s) {
    return URLEncoder.encode(s, StandardCharsets.UTF_8);
  }

  /** Sends a request to {@code path} of the server; a status other than 2xx is a usage error. */
  HttpResponse<InputStream> send(
      String path, String method, String contentType, String accept, HttpRequest.BodyPublisher body)
      throws IOException, InterruptedException {
    HttpRequest.Builder b = HttpRequest.newBuilder(endpoint.resolve(path)).method(method, body);
    if (contentType != null) {
      b.header("Content-Type", contentType);
    }
    if (accept != null) {
      b.header("Accept", accept);
    }
    if (token != null) {
      b.header("Authorization", "Bearer " + token);
    }
    HttpResponse<InputStream> r = http.send(b.build(), HttpResponse.BodyHandlers.ofInputStream());
    if (r.statusCode() / 100 != 2) {
      String why;
      try (InputStream in = r.body()) {
        why = new String(in.readNBytes(2000), StandardCharsets.UTF_8).strip();
      }
      throw new UsageError(
          "the server at "
              + endpoint
              + " answered "
              + r.statusCode()
              + (r.statusCode() == 401 ? " (give --token)" : "")
              + ": "
              + why);
    }
    return r;
  }

  /** The JSON object an admin endpoint answers ({@code /$/stats}, {@code /$/check}). */
  JsonObject json(String path, String method) throws IOException, InterruptedException {
    try (InputStream in =
        send(path, method, null, "application/json", HttpRequest.BodyPublishers.noBody()).body()) {
      return JSON.parse(in);
    }
  }
}
