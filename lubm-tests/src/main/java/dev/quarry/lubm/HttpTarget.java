package dev.quarry.lubm;

import dev.quarry.core.Store;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import org.apache.jena.query.ResultSet;
import org.apache.jena.riot.ResultSetMgr;
import org.apache.jena.riot.resultset.ResultSetLang;

/**
 * The checks over HTTP, against a running Quarry server's SPARQL endpoint. Loading goes through the
 * loader into the server's store (the Graph Store Protocol is for later); everything else is a
 * SPARQL request.
 */
public final class HttpTarget implements LubmTarget {
  private final URI endpoint;
  private final Store store;
  private final HttpClient http =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();

  public HttpTarget(URI endpoint, Store store) {
    this.endpoint = endpoint;
    this.store = store;
  }

  @Override
  public boolean answers() {
    try {
      HttpResponse<String> r =
          http.send(
              HttpRequest.newBuilder(endpoint.resolve("/health")).GET().build(),
              HttpResponse.BodyHandlers.ofString());
      return r.statusCode() == 200;
    } catch (IOException | InterruptedException e) {
      return false;
    }
  }

  @Override
  public void loadData() {
    LubmData.load(store);
  }

  private String post(String contentType, String body, String accept) {
    try {
      HttpRequest.Builder b =
          HttpRequest.newBuilder(endpoint)
              .timeout(Duration.ofMinutes(5))
              .header("Content-Type", contentType)
              .POST(HttpRequest.BodyPublishers.ofString(body));
      if (accept != null) {
        b.header("Accept", accept);
      }
      HttpResponse<String> r = http.send(b.build(), HttpResponse.BodyHandlers.ofString());
      if (r.statusCode() != 200) {
        throw new AssertionError("HTTP " + r.statusCode() + ": " + r.body().strip());
      }
      return r.body();
    } catch (IOException e) {
      throw new AssertionError("request failed: " + e.getMessage(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError("interrupted");
    }
  }

  private ResultSet query(String query) {
    return query(query, null);
  }

  private ResultSet query(String query, String inference) {
    String form = "query=" + URLEncoder.encode(query, StandardCharsets.UTF_8);
    if (inference != null) {
      form += "&inference=" + URLEncoder.encode(inference, StandardCharsets.UTF_8);
    }
    String json =
        post("application/x-www-form-urlencoded", form, "application/sparql-results+json");
    return ResultSetMgr.read(
        new ByteArrayInputStream(json.getBytes(StandardCharsets.UTF_8)), ResultSetLang.RS_JSON);
  }

  @Override
  public List<List<String>> select(String query, List<String> vars, String inference) {
    return LubmTarget.rows(query(query, inference), vars);
  }

  @Override
  public long count(String query) {
    return query(query).next().getLiteral("n").getLong();
  }

  @Override
  public void update(String update) {
    post(
        "application/x-www-form-urlencoded",
        "update=" + URLEncoder.encode(update, StandardCharsets.UTF_8),
        null);
  }
}
