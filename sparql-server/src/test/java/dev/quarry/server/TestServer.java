package dev.quarry.server;

import dev.quarry.core.Quarry;
import dev.quarry.core.Store;
import dev.quarry.core.config.Config;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;

/** A real Quarry server on a free loopback port over a real file store, for tests. */
final class TestServer implements AutoCloseable {
  final Store store;
  final QuarryServer server;
  final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

  TestServer(Path dir, String... overrides) throws InterruptedException {
    this(Quarry.open(dir), overrides);
  }

  /** A server over {@code store}, which it closes when it closes. */
  TestServer(Store store, String... overrides) throws InterruptedException {
    Config c = Config.defaults().with("server.port", 0); // host: the default, loopback
    for (String o : overrides) {
      c = c.withOverride(o);
    }
    this.store = store;
    try {
      server = QuarryServer.start(store, ServerConfig.from(c));
    } catch (RuntimeException | InterruptedException e) {
      store.close();
      throw e;
    }
  }

  String endpoint() {
    return server.endpoint().toString();
  }

  URI uri(String path) {
    return URI.create("http://127.0.0.1:" + server.port() + path);
  }

  HttpResponse<String> get(String pathAndQuery, String accept)
      throws IOException, InterruptedException {
    var b = HttpRequest.newBuilder(uri(pathAndQuery)).timeout(Duration.ofSeconds(30)).GET();
    if (accept != null) {
      b.header("Accept", accept);
    }
    return http.send(b.build(), HttpResponse.BodyHandlers.ofString());
  }

  HttpResponse<String> query(String query, String accept) throws IOException, InterruptedException {
    return get("/sparql?query=" + enc(query), accept);
  }

  HttpResponse<String> post(String contentType, String body, String accept)
      throws IOException, InterruptedException {
    var b =
        HttpRequest.newBuilder(uri("/sparql"))
            .timeout(Duration.ofSeconds(30))
            .header("Content-Type", contentType)
            .POST(HttpRequest.BodyPublishers.ofString(body));
    if (accept != null) {
      b.header("Accept", accept);
    }
    return http.send(b.build(), HttpResponse.BodyHandlers.ofString());
  }

  HttpResponse<String> update(String update) throws IOException, InterruptedException {
    return post("application/sparql-update", update, null);
  }

  /**
   * Any request: {@code method} on {@code pathAndQuery}, with headers as name, value pairs and a
   * body (null: none).
   */
  HttpResponse<String> send(String method, String pathAndQuery, String body, String... headers)
      throws IOException, InterruptedException {
    var b =
        HttpRequest.newBuilder(uri(pathAndQuery))
            .timeout(Duration.ofSeconds(30))
            .method(
                method,
                body == null
                    ? HttpRequest.BodyPublishers.noBody()
                    : HttpRequest.BodyPublishers.ofString(body));
    for (int i = 0; i < headers.length; i += 2) {
      b.header(headers[i], headers[i + 1]);
    }
    return http.send(b.build(), HttpResponse.BodyHandlers.ofString());
  }

  static String enc(String s) {
    return URLEncoder.encode(s, StandardCharsets.UTF_8);
  }

  @Override
  public void close() {
    server.close();
    store.close();
  }
}
