package dev.quarry.bsbm.http;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * One keep-alive HTTP/1.1 connection on a blocking socket, used by one thread at a time: it sends a
 * request's bytes and streams the response body (Content-Length, chunked, or up to the close) to a
 * {@link Body}. Deliberately minimal. A general client (java.net.http) hands each exchange between
 * its own threads and costs from tens of microseconds to a millisecond per request on a small
 * machine, mostly while its code is still being compiled; a benchmark would measure that as the
 * server's time.
 */
public final class HttpConnection implements AutoCloseable {
  /** Where a response body goes, in pieces as they arrive. */
  public interface Body {
    void feed(byte[] buf, int off, int len) throws IOException;
  }

  /** The exchange ran past its deadline; the connection is closed. */
  public static final class TimeoutException extends IOException {
    TimeoutException(String message) {
      super(message);
    }
  }

  /**
   * A reused connection failed before any byte of the response arrived (the server had closed it
   * while idle): the request may be sent again on a new connection.
   */
  public static final class StaleException extends IOException {
    StaleException(String message, Throwable cause) {
      super(message, cause);
    }
  }

  private static final int DEFAULT_READ_TIMEOUT_MS = 120_000;

  private final URI endpoint;
  private final Socket socket;
  private final OutputStream out;
  private final InputStream in;
  private final byte[] buf = new byte[1 << 16];
  private final StringBuilder line = new StringBuilder(128);
  private int pos;
  private int limit;
  private long deadline;
  private int exchanges;
  private boolean open = true;
  private String contentType = "";

  public HttpConnection(URI endpoint) throws IOException {
    this.endpoint = endpoint;
    socket = new Socket();
    socket.setTcpNoDelay(true);
    socket.connect(new InetSocketAddress(endpoint.getHost(), port(endpoint)), 10_000);
    socket.setSoTimeout(DEFAULT_READ_TIMEOUT_MS);
    out = socket.getOutputStream();
    in = socket.getInputStream();
  }

  /** A GET of {@code target} (a URI with its query string), built once, sendable many times. */
  public static byte[] get(URI target, String accept) {
    return head("GET", target, accept, null, 0).getBytes(StandardCharsets.US_ASCII);
  }

  /** A POST of {@code body} to {@code target}. */
  public static byte[] post(URI target, String accept, String contentType, byte[] body) {
    byte[] h =
        head("POST", target, accept, contentType, body.length).getBytes(StandardCharsets.US_ASCII);
    byte[] all = new byte[h.length + body.length];
    System.arraycopy(h, 0, all, 0, h.length);
    System.arraycopy(body, 0, all, h.length, body.length);
    return all;
  }

  private static String head(
      String method, URI target, String accept, String contentType, int length) {
    String path =
        target.getRawPath() == null || target.getRawPath().isEmpty() ? "/" : target.getRawPath();
    if (target.getRawQuery() != null) {
      path += "?" + target.getRawQuery();
    }
    StringBuilder h = new StringBuilder(path.length() + 160);
    h.append(method).append(' ').append(path).append(" HTTP/1.1\r\nHost: ");
    h.append(target.getHost()).append(':').append(port(target)).append("\r\n");
    if (accept != null) {
      h.append("Accept: ").append(accept).append("\r\n");
    }
    if (contentType != null) {
      h.append("Content-Type: ").append(contentType).append("\r\n");
    }
    if (method.equals("POST")) {
      h.append("Content-Length: ").append(length).append("\r\n");
    }
    return h.append("\r\n").toString();
  }

  private static int port(URI u) {
    return u.getPort() > 0 ? u.getPort() : "https".equals(u.getScheme()) ? 443 : 80;
  }

  /**
   * Sends a request and streams its response body to {@code body}, whatever the status.
   *
   * @param deadlineNanos a {@link System#nanoTime()} after which the exchange is given up ({@link
   *     TimeoutException}), or 0 for none
   * @return the response's status; {@link #contentType()} is then the response's
   */
  public int exchange(byte[] request, Body body, long deadlineNanos) throws IOException {
    if (!open) {
      throw new IOException("connection to " + endpoint + " is closed");
    }
    deadline = deadlineNanos;
    boolean reused = exchanges++ > 0;
    String statusLine;
    try {
      out.write(request);
      out.flush();
      statusLine = line();
    } catch (TimeoutException e) {
      close();
      throw e;
    } catch (IOException e) {
      close();
      throw reused ? new StaleException("reused connection failed: " + e.getMessage(), e) : e;
    }
    try {
      int status = status(statusLine);
      while (status / 100 == 1) { // 100 Continue and the like: a second status follows
        while (!line().isEmpty()) {}
        status = status(line());
      }
      body(status, statusLine.startsWith("HTTP/1.0"), body);
      return status;
    } catch (IOException e) {
      close();
      throw e;
    } finally {
      if (deadline != 0 && open) { // fill() narrowed the read timeout to the deadline
        socket.setSoTimeout(DEFAULT_READ_TIMEOUT_MS);
      }
      deadline = 0;
    }
  }

  /** Sends one request expecting 200 and discards its body; returns the body's length. */
  public long send(byte[] request) throws IOException {
    long[] length = new long[1];
    int status = exchange(request, length);
    if (status != 200) {
      throw new IOException(endpoint + " answered " + status);
    }
    return length[0];
  }

  /** Sends one request, whatever its status; puts the body's length in {@code length[0]}. */
  public int exchange(byte[] request, long[] length) throws IOException {
    length[0] = 0;
    return exchange(request, (b, off, len) -> length[0] += len, 0);
  }

  /** The Content-Type of the last response, or "" if it had none. */
  public String contentType() {
    return contentType;
  }

  /** False once the server closed the connection or an exchange failed. */
  public boolean isOpen() {
    return open;
  }

  private int status(String statusLine) throws IOException {
    String[] parts = statusLine.split(" ", 3);
    if (parts.length < 2 || !parts[0].startsWith("HTTP/1.")) {
      throw new IOException(endpoint + " answered '" + statusLine + "'");
    }
    try {
      return Integer.parseInt(parts[1]);
    } catch (NumberFormatException e) {
      throw new IOException(endpoint + " answered '" + statusLine + "'");
    }
  }

  private void body(int status, boolean http10, Body body) throws IOException {
    long length = -1;
    boolean chunked = false;
    boolean close = http10;
    contentType = "";
    for (String h; !(h = line()).isEmpty(); ) {
      int colon = h.indexOf(':');
      if (colon < 0) {
        continue;
      }
      String name = h.substring(0, colon).trim().toLowerCase(Locale.ROOT);
      String value = h.substring(colon + 1).trim();
      switch (name) {
        case "content-length" -> length = Long.parseLong(value);
        case "transfer-encoding" -> chunked = value.toLowerCase(Locale.ROOT).contains("chunked");
        case "content-type" -> contentType = value;
        case "connection" -> {
          String v = value.toLowerCase(Locale.ROOT);
          close = v.contains("close") || (http10 && !v.contains("keep-alive"));
        }
        default -> {}
      }
    }
    if (status == 204 || status == 304) {
      length = 0;
    }
    if (chunked) {
      for (long n; (n = chunkSize()) > 0; ) {
        copy(n, body);
        line();
      }
      while (!line().isEmpty()) {} // trailers
    } else if (length >= 0) {
      copy(length, body);
    } else {
      copy(Long.MAX_VALUE, body); // up to the close
      close = true;
    }
    if (close) {
      close();
    }
  }

  private long chunkSize() throws IOException {
    String s = line();
    int semi = s.indexOf(';');
    try {
      return Long.parseLong((semi < 0 ? s : s.substring(0, semi)).trim(), 16);
    } catch (NumberFormatException e) {
      throw new IOException(endpoint + " sent a bad chunk size '" + s + "'");
    }
  }

  /** Passes {@code n} body bytes on (all up to the close when n is Long.MAX_VALUE). */
  private void copy(long n, Body body) throws IOException {
    boolean toClose = n == Long.MAX_VALUE;
    while (n > 0) {
      if (pos == limit && !fill()) {
        if (toClose) {
          return;
        }
        throw new IOException("connection closed mid-response by " + endpoint);
      }
      int k = (int) Math.min(limit - pos, n);
      body.feed(buf, pos, k);
      pos += k;
      n -= k;
    }
  }

  /** A header line (ISO-8859-1, as HTTP's are), without its CR LF. */
  private String line() throws IOException {
    line.setLength(0);
    while (true) {
      if (pos == limit && !fill()) {
        throw new IOException("connection closed by " + endpoint);
      }
      byte c = buf[pos++];
      if (c == '\n') {
        return line.toString();
      }
      if (c != '\r') {
        line.append((char) (c & 0xFF));
      }
    }
  }

  /** Reads more bytes into the buffer; false at the end of the stream. */
  private boolean fill() throws IOException {
    if (deadline != 0) {
      long left = deadline - System.nanoTime();
      if (left <= 0) {
        throw new TimeoutException(endpoint + " did not answer in time");
      }
      socket.setSoTimeout((int) Math.max(1, Math.min(Integer.MAX_VALUE, left / 1_000_000)));
    }
    try {
      int r = in.read(buf, 0, buf.length);
      if (r <= 0) {
        return false;
      }
      pos = 0;
      limit = r;
      return true;
    } catch (SocketTimeoutException e) {
      throw new TimeoutException(endpoint + " did not answer in time");
    }
  }

  @Override
  public void close() {
    open = false;
    try {
      socket.close();
    } catch (IOException e) {
      // closing: nothing more to do with it
    }
  }
}
