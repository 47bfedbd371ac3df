package dev.quarry.bsbm.probe;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * One keep-alive HTTP/1.1 connection that POSTs SPARQL queries as forms and reads whole responses
 * (Content-Length or chunked). Deliberately minimal: a general client (java.net.http) costs tens of
 * microseconds per request of its own, which would be measured as the server's.
 */
final class RawHttpConnection implements AutoCloseable {
  private final URI endpoint;
  private final String accept;
  private final Socket socket;
  private final OutputStream out;
  private final InputStream in;
  private final byte[] body = new byte[1 << 16];
  private final StringBuilder line = new StringBuilder(128);

  RawHttpConnection(URI endpoint, String accept) throws IOException {
    this.endpoint = endpoint;
    this.accept = accept;
    socket = new Socket();
    socket.setTcpNoDelay(true);
    socket.connect(new InetSocketAddress(endpoint.getHost(), endpoint.getPort()), 10_000);
    socket.setSoTimeout(120_000);
    out = socket.getOutputStream();
    in = new BufferedInputStream(socket.getInputStream(), 1 << 16);
  }

  /** The request bytes for {@code query}: built once per query, sent many times. */
  byte[] request(String query) {
    byte[] form =
        ("query=" + URLEncoder.encode(query, StandardCharsets.UTF_8))
            .getBytes(StandardCharsets.US_ASCII);
    String path =
        endpoint.getRawPath() == null || endpoint.getRawPath().isEmpty()
            ? "/"
            : endpoint.getRawPath();
    String head =
        "POST "
            + path
            + " HTTP/1.1\r\nHost: "
            + endpoint.getHost()
            + ":"
            + endpoint.getPort()
            + "\r\nContent-Type: application/x-www-form-urlencoded\r\nAccept: "
            + accept
            + "\r\nContent-Length: "
            + form.length
            + "\r\n\r\n";
    byte[] h = head.getBytes(StandardCharsets.US_ASCII);
    byte[] all = new byte[h.length + form.length];
    System.arraycopy(h, 0, all, 0, h.length);
    System.arraycopy(form, 0, all, h.length, form.length);
    return all;
  }

  /** Sends one request and reads its response; returns the body's length in bytes. */
  long send(byte[] request) throws IOException {
    long[] length = new long[1];
    int status = exchange(request, length);
    if (status != 200) {
      throw new IOException(endpoint + " answered " + status);
    }
    return length[0];
  }

  /**
   * Sends one request and reads its whole response, whatever its status; returns the status and
   * puts the body's length in {@code length[0]}.
   */
  int exchange(byte[] request, long[] length) throws IOException {
    out.write(request);
    out.flush();
    String statusLine = line();
    String[] parts = statusLine.split(" ", 3);
    if (parts.length < 2 || !parts[0].startsWith("HTTP/1.")) {
      throw new IOException(endpoint + " answered '" + statusLine + "'");
    }
    int status = Integer.parseInt(parts[1]);
    length[0] = body();
    return status;
  }

  private long body() throws IOException {
    long length = -1;
    boolean chunked = false;
    for (String h; !(h = line()).isEmpty(); ) {
      String lower = h.toLowerCase(Locale.ROOT);
      if (lower.startsWith("content-length:")) {
        length = Long.parseLong(lower.substring(15).trim());
      } else if (lower.startsWith("transfer-encoding:") && lower.contains("chunked")) {
        chunked = true;
      }
    }
    if (chunked) {
      long total = 0;
      for (long n; (n = Long.parseLong(line().split(";")[0].trim(), 16)) > 0; ) {
        skip(n);
        line();
        total += n;
      }
      while (!line().isEmpty()) {
        // trailers
      }
      return total;
    }
    if (length < 0) {
      throw new IOException(endpoint + " sent neither Content-Length nor chunks");
    }
    skip(length);
    return length;
  }

  private void skip(long n) throws IOException {
    while (n > 0) {
      int r = in.read(body, 0, (int) Math.min(body.length, n));
      if (r < 0) {
        throw new IOException("connection closed mid-response");
      }
      n -= r;
    }
  }

  /** A header line (ISO-8859-1, as HTTP's are), without its CR LF. */
  private String line() throws IOException {
    line.setLength(0);
    for (int c; (c = in.read()) != '\n'; ) {
      if (c < 0) {
        throw new IOException("connection closed by " + endpoint);
      }
      if (c != '\r') {
        line.append((char) c);
      }
    }
    return line.toString();
  }

  @Override
  public void close() throws IOException {
    socket.close();
  }
}
