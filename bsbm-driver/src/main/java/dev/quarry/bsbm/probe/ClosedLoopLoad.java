package dev.quarry.bsbm.probe;

import dev.quarry.bsbm.http.HttpConnection;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.zip.CRC32;

/**
 * A closed-loop load test of one SPARQL endpoint: N clients, each on its own keep-alive connection,
 * send one small query back to back for a fixed time. Counts what came back (200, 503 busy, other
 * statuses, broken connections) and pools the latencies of the 200s; reads the server's resident
 * memory before and after when told its process id.
 */
public final class ClosedLoopLoad {
  /** What one client count gave. */
  public record Figure(
      int clients,
      long ok,
      long wrong,
      long busy,
      long otherStatus,
      long failedConnections,
      double seconds,
      double p50Ms,
      double p99Ms,
      long rssBeforeKb,
      long rssAfterKb) {
    public double throughput() {
      return ok / seconds;
    }
  }

  private final URI endpoint;
  private final String accept;
  private final long serverPid; // 0: unknown

  public ClosedLoopLoad(URI endpoint, String accept, long serverPid) {
    this.endpoint = endpoint;
    this.accept = accept;
    this.serverPid = serverPid;
  }

  /** Runs {@code clients} clients sending {@code query} for {@code seconds}. */
  public Figure run(String query, int clients, double seconds) throws Exception {
    long expected = reference(query);
    long rssBefore = rssKb();
    ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor();
    AtomicBoolean stop = new AtomicBoolean();
    CountDownLatch connected = new CountDownLatch(clients);
    CountDownLatch go = new CountDownLatch(1);
    List<Future<Client>> results = new ArrayList<>();
    for (int c = 0; c < clients; c++) {
      results.add(pool.submit(() -> client(query, expected, stop, connected, go)));
    }
    connected.await();
    long start = System.nanoTime();
    go.countDown();
    Thread.sleep((long) (seconds * 1000));
    stop.set(true);
    long ok = 0;
    long busy = 0;
    long other = 0;
    long failed = 0;
    long wrong = 0;
    List<long[]> lat = new ArrayList<>();
    for (Future<Client> f : results) {
      Client c = f.get();
      ok += c.ok;
      wrong += c.wrong;
      busy += c.busy;
      other += c.other;
      failed += c.failed ? 1 : 0;
      lat.add(Arrays.copyOf(c.nanos, (int) c.ok));
    }
    double elapsed = (System.nanoTime() - start) / 1e9;
    pool.shutdownNow();
    long[] all = lat.stream().flatMapToLong(Arrays::stream).sorted().toArray();
    return new Figure(
        clients,
        ok,
        wrong,
        busy,
        other,
        failed,
        elapsed,
        all.length == 0 ? Double.NaN : RequestProbe.percentile(all, 0.50) / 1e6,
        all.length == 0 ? Double.NaN : RequestProbe.percentile(all, 0.99) / 1e6,
        rssBefore,
        rssKb());
  }

  /**
   * The checksum of the query's answer, asked once before the run: every 200 of the run must carry
   * the same bytes (the store does not change under a load test).
   */
  private long reference(String query) throws IOException {
    CRC32 crc = new CRC32();
    try (HttpConnection http = new HttpConnection(endpoint)) {
      int status = http.exchange(RequestProbe.request(endpoint, accept, query), crc::update, 0);
      if (status != 200) {
        throw new IOException(endpoint + " answered the query " + status);
      }
    }
    return crc.getValue();
  }

  /** One client's counts; latencies of its 200s in order. */
  private static final class Client {
    long ok;
    long wrong; // 200s whose body was not the reference answer
    long busy;
    long other;
    boolean failed;
    long[] nanos = new long[1024];
  }

  private Client client(
      String query, long expected, AtomicBoolean stop, CountDownLatch connected, CountDownLatch go)
      throws InterruptedException {
    Client c = new Client();
    HttpConnection http;
    try {
      http = new HttpConnection(endpoint);
    } catch (IOException e) {
      c.failed = true;
      connected.countDown();
      return c;
    }
    connected.countDown();
    go.await();
    CRC32 crc = new CRC32();
    byte[] req = RequestProbe.request(endpoint, accept, query);
    try (http) {
      while (!stop.get()) {
        long t = System.nanoTime();
        crc.reset();
        int status = http.exchange(req, crc::update, 0);
        long d = System.nanoTime() - t;
        if (status == 200) {
          if (crc.getValue() != expected) {
            c.wrong++;
          }
          if (c.ok == c.nanos.length) {
            c.nanos = Arrays.copyOf(c.nanos, c.nanos.length * 2);
          }
          c.nanos[(int) c.ok++] = d;
        } else if (status == 503) {
          c.busy++;
        } else {
          c.other++;
        }
      }
    } catch (IOException e) {
      c.failed = true; // the server closed it (e.g. after a 503 without keep-alive) or it broke
    }
    return c;
  }

  /** The server's resident set in KB from /proc, or -1 when no process id was given. */
  private long rssKb() {
    if (serverPid <= 0) {
      return -1;
    }
    try {
      for (String l : Files.readAllLines(Path.of("/proc", Long.toString(serverPid), "status"))) {
        if (l.startsWith("VmRSS:")) {
          return Long.parseLong(l.replaceAll("[^0-9]", ""));
        }
      }
    } catch (IOException e) {
      return -1;
    }
    return -1;
  }
}
