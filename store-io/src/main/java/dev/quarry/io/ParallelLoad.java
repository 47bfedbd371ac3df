package dev.quarry.io;

import dev.quarry.core.Store;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.Semaphore;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import org.apache.jena.graph.Node;
import org.apache.jena.riot.Lang;
import org.apache.jena.riot.RiotException;
import org.apache.jena.riot.RiotParseException;
import org.apache.jena.sparql.core.Quad;
import org.eclipse.rdf4j.rio.RDFFormat;

/**
 * The loader's pipeline: every core parses and encodes. N-Triples and N-Quads are cut into chunks
 * at line ends by the calling thread and each chunk is parsed on a worker ({@link LineParser}'s
 * fast path, RIOT for the lines it declines) and encoded there; other formats are parsed whole (by
 * RIOT or Rio, see {@link JenaReader}), one thread per file and several files at once, and encoded
 * on the workers in batches. Quads go to the store's bulk load, which several threads may feed at
 * once.
 *
 * <p>Errors: the first in file order wins whichever worker met it; chunks after it are skipped,
 * chunks before it still parsed (they may hold an earlier error, and their line counts place it).
 * With {@code skipBad}, a line RIOT rejects is logged with its position, counted and left out.
 */
final class ParallelLoad {
  static final int CHUNK_BYTES = 4 << 20;
  private static final int BATCH = 4096;

  private final Store.BulkLoad bulk;
  private final Node target;
  private final Loader.Options options;
  private final ExecutorService workers;
  private final Semaphore slots; // chunks or batches queued or being worked on, at most
  private final int slotCount;
  private final AtomicLong statements = new AtomicLong();
  private final AtomicLong skipped = new AtomicLong();
  private final long start = System.nanoTime();
  private final ThreadLocal<Worker> worker = new ThreadLocal<>();
  private final AtomicLong bytesRead = new AtomicLong();
  private long bytesTotal;
  private long reported;
  private volatile Failure failure;
  private final Map<Integer, LineSource> lineSources = new ConcurrentHashMap<>();
  private final List<Skipped> skippedLines = new ArrayList<>();

  /** Where the first error is: source, chunk and line within it. */
  private record Failure(
      int source, long chunk, long lineInChunk, long column, RuntimeException e) {
    boolean before(int s, long c) {
      return source < s || (source == s && chunk < c);
    }
  }

  ParallelLoad(Store.BulkLoad bulk, Node target, Loader.Options options) {
    this.bulk = bulk;
    this.target = target;
    this.options = options;
    this.slotCount = options.threads() * 3;
    this.slots = new Semaphore(slotCount);
    AtomicInteger made = new AtomicInteger();
    this.workers =
        Executors.newFixedThreadPool(
            options.threads(),
            r -> {
              Thread t = new Thread(r, "quarry-load-" + made.incrementAndGet());
              t.setDaemon(true);
              return t;
            });
  }

  long statements() {
    return statements.get();
  }

  long skipped() {
    return skipped.get();
  }

  /** Loads the sources in order; throws the first error after every worker has stopped. */
  void run(List<Loader.Source> sources) {
    for (Loader.Source s : sources) {
      bytesTotal = s.size() < 0 || bytesTotal < 0 ? -1 : bytesTotal + s.size();
    }
    // Files parsed whole (one thread each) go on parser threads of their own, several at once;
    // line-format files are cut into chunks here, one after the other.
    long wholeFiles = sources.stream().filter(s -> !chunked(s)).count();
    ExecutorService parsers =
        wholeFiles == 0
            ? null
            : Executors.newFixedThreadPool(
                (int) Math.min(options.threads(), wholeFiles),
                r -> {
                  Thread t = new Thread(r, "quarry-load-parse");
                  t.setDaemon(true);
                  return t;
                });
    try {
      List<Future<?>> parsing = new ArrayList<>();
      for (int i = 0; i < sources.size() && failure == null; i++) {
        Loader.Source s = sources.get(i);
        int index = i;
        if (chunked(s)) {
          readChunks(i, s);
        } else {
          parsing.add(parsers.submit(() -> parseWhole(index, s)));
        }
      }
      for (Future<?> f : parsing) {
        try {
          f.get();
        } catch (ExecutionException e) {
          throw e.getCause() instanceof RuntimeException r ? r : new IllegalStateException(e);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          throw new IllegalStateException("interrupted while loading", e);
        }
      }
      slots.acquireUninterruptibly(slotCount); // every chunk and batch done
      slots.release(slotCount);
    } finally {
      workers.shutdownNow();
      if (parsers != null) {
        parsers.shutdownNow();
      }
    }
    Failure f = failure;
    if (f != null) {
      throw placed(f);
    }
    if (skipped.get() > 0) {
      logSkipped();
    }
  }

  private static boolean chunked(Loader.Source s) {
    return s.format() == RDFFormat.NTRIPLES || s.format() == RDFFormat.NQUADS;
  }

  // ---- line formats: chunks parsed on the workers -------------------------------------------

  /** One source's per-chunk line counts, to place an error within the file. */
  private final class LineSource {
    final int index;
    final Loader.Source source;
    final String blankScope;
    final Map<Long, Integer> lines = new ConcurrentHashMap<>();

    LineSource(int index, Loader.Source source) {
      this.index = index;
      this.source = source;
      this.blankScope = "f" + Long.toHexString(ThreadLocalRandom.current().nextLong()) + "_";
    }

    long linesBefore(long chunk) {
      long n = 0;
      for (long c = 0; c < chunk; c++) {
        n += lines.getOrDefault(c, 0);
      }
      return n;
    }
  }

  private void readChunks(int index, Loader.Source source) {
    LineSource src = new LineSource(index, source);
    lineSources.put(index, src);
    boolean counted = source.file() != null; // raw bytes counted as read, for the ETA
    try (InputStream in =
        counted ? RdfFormats.open(source.file(), bytesRead) : source.opener().open()) {
      byte[] buf = new byte[CHUNK_BYTES];
      int have = 0;
      long seq = 0;
      while (failure == null) {
        int n = in.readNBytes(buf, have, buf.length - have);
        int end = have + n;
        if (!counted) {
          bytesRead.addAndGet(n);
        }
        if (end == 0) {
          break;
        }
        int cut = end;
        if (n > 0) {
          cut = lastNewline(buf, end);
          if (cut < 0) { // no line end in the whole buffer: a longer one
            buf = Arrays.copyOf(buf, buf.length * 2);
            have = end;
            continue;
          }
          cut++;
        }
        byte[] chunk = Arrays.copyOf(buf, cut);
        have = end - cut;
        System.arraycopy(buf, cut, buf, 0, have);
        long chunkSeq = seq++;
        submit(() -> parseChunk(src, chunkSeq, chunk), index, chunkSeq);
        report();
        if (n == 0) {
          break;
        }
      }
    } catch (IOException e) {
      fail(
          index,
          Long.MAX_VALUE,
          -1,
          -1,
          new LoadException(source.name(), -1, -1, "cannot read: " + e.getMessage()));
    }
  }

  private static int lastNewline(byte[] b, int end) {
    for (int i = end - 1; i >= 0; i--) {
      if (b[i] == '\n') {
        return i;
      }
    }
    return -1;
  }

  private void parseChunk(LineSource src, long seq, byte[] b) {
    Worker w = worker();
    LineParser fast = w.parser(src);
    List<Quad> batch = new ArrayList<>(BATCH);
    int line = 0;
    int pos = 0;
    int declined = 0;
    while (pos < b.length) {
      int nl = pos;
      while (nl < b.length && b[nl] != '\n') {
        nl++;
      }
      int end = nl > pos && b[nl - 1] == '\r' ? nl - 1 : nl;
      line++;
      Quad q = fast.parse(b, pos, end);
      if (q == null
          && ++declined == BLOCK_AFTER
          && !options.skipBad()
          && w.parseRest(src, b, pos, batch)) {
        // Data the fast path does not take (non-ASCII IRIs, say): RIOT read the rest of the chunk.
        line += linesIn(b, nl + 1);
        break;
      }
      if (q == null) {
        if (!w.parseLine(src, fast, b, pos, end, batch, seq, line)) {
          return; // failed: recorded
        }
      } else if (q != LineParser.NOTHING) {
        batch.add(q);
      }
      if (batch.size() >= BATCH) {
        add(batch);
        batch = new ArrayList<>(BATCH);
      }
      pos = nl + 1;
    }
    add(batch);
    src.lines.put(seq, line);
  }

  /**
   * Lines the fast path may decline in a chunk before RIOT reads the rest of it in one go (a call
   * of RIOT per line costs far more than one per chunk).
   */
  private static final int BLOCK_AFTER = 16;

  /** Lines from {@code from} to the end of the chunk. */
  private static int linesIn(byte[] b, int from) {
    int n = 0;
    for (int i = from; i < b.length; i++) {
      if (b[i] == '\n') {
        n++;
      }
    }
    return from < b.length && b[b.length - 1] != '\n' ? n + 1 : n;
  }

  private void add(List<Quad> batch) {
    if (!batch.isEmpty()) {
      bulk.addAll(batch);
      statements.addAndGet(batch.size());
    }
  }

  /** A worker thread's parsers: the fast one per source, and RIOT for the lines it declines. */
  private final class Worker {
    private LineSource source;
    private LineParser fast;
    private Lang lang;
    private final List<Quad> read = new ArrayList<>();

    LineParser parser(LineSource src) {
      if (source != src) {
        source = src;
        boolean quads = src.source.format() == RDFFormat.NQUADS;
        fast = new LineParser(quads, target, src.blankScope);
        lang = JenaReader.lang(src.source.format());
      }
      return fast;
    }

    /** RIOT reads {@code b[from, to)} into {@link #read}, blank nodes labelled as the fast path. */
    private void parse(LineSource src, byte[] b, int from, int to) {
      read.clear();
      JenaReader.parse(
          new ByteArrayInputStream(b, from, to - from),
          lang,
          src.source.baseIri(),
          target,
          fast::blank,
          read::add);
    }

    /**
     * RIOT reads the chunk from {@code from} to its end in one go, adding to {@code out}; false,
     * with nothing added, if it fails there (the caller then goes line by line, and places the
     * error).
     */
    boolean parseRest(LineSource src, byte[] b, int from, List<Quad> out) {
      try {
        parse(src, b, from, b.length);
      } catch (RiotException | StackOverflowError e) {
        read.clear();
        return false;
      }
      out.addAll(read);
      read.clear();
      return true;
    }

    /** RIOT reads a line the fast path declined; false if it failed (and the load with it). */
    boolean parseLine(
        LineSource src,
        LineParser fast,
        byte[] b,
        int from,
        int to,
        List<Quad> out,
        long seq,
        int line) {
      long col = -1;
      String msg = null;
      try {
        parse(src, b, from, to);
      } catch (RiotParseException e) {
        col = e.getLine() == 1 ? e.getCol() : -1;
        msg = e.getOriginalMessage();
      } catch (RiotException e) {
        msg = "not valid " + src.source.format().getName() + ": " + e.getMessage();
      } catch (StackOverflowError e) {
        msg = "nested too deeply to parse (triple terms within one another)";
      }
      if (msg != null) {
        if (options.skipBad()) {
          if (skipped.incrementAndGet() <= SKIPPED_LISTED) {
            synchronized (skippedLines) {
              skippedLines.add(new Skipped(src.index, seq, line, col, msg));
            }
          }
          return true;
        }
        fail(src.index, seq, line, col, new LoadException(src.source.name(), -1, col, msg));
        return false;
      }
      String declined = fast.declinedLanguage();
      for (Quad q : read) {
        out.add(q);
        Node o = q.getObject();
        if (declined != null
            && o.isLiteral()
            && !o.getLiteralLanguage().isEmpty()
            && o.getLiteralBaseDirection() == null
            && o.getLiteralLanguage().equalsIgnoreCase(declined)) {
          fast.acceptLanguage(declined, o.getLiteralLanguage());
        }
      }
      read.clear();
      return true;
    }
  }

  private Worker worker() {
    Worker w = worker.get();
    if (w == null) {
      w = new Worker();
      worker.set(w);
    }
    return w;
  }

  // ---- other formats: one parser thread per file (RIOT or Rio), encoding on the workers --------

  private void parseWhole(int index, Loader.Source source) {
    long[] seq = {0};
    List<List<Quad>> pending = new ArrayList<>(1);
    pending.add(new ArrayList<>(BATCH));
    Runnable send =
        () -> {
          List<Quad> batch = pending.get(0);
          pending.set(0, new ArrayList<>(BATCH));
          long s = seq[0]++;
          submit(() -> add(batch), index, s);
          report();
          if (failure != null) {
            throw new LoadException(source.name(), -1, -1, "stopped: the load failed");
          }
        };
    Consumer<Quad> handler =
        q -> {
          pending.get(0).add(q);
          if (pending.get(0).size() >= BATCH) {
            send.run();
          }
        };
    try {
      Loader.parseInto(source, target, handler, bytesRead);
      if (!pending.get(0).isEmpty()) {
        send.run();
      }
    } catch (LoadException e) {
      if (failure == null) {
        fail(index, seq[0], -1, -1, e);
      }
    }
  }

  // ---- shared ---------------------------------------------------------------------------------

  private void submit(Runnable task, int source, long seq) {
    slots.acquireUninterruptibly();
    try {
      workers.execute(
          () -> {
            try {
              Failure f = failure;
              if (f == null || !f.before(source, seq)) {
                task.run();
              }
            } catch (LoadException e) {
              fail(source, seq, -1, -1, e);
            } catch (StackOverflowError e) { // a chunk's line nested past the parser's stack
              LineSource src = lineSources.get(source);
              fail(source, seq, -1, -1, Loader.tooDeep(src.source, -1));
            } catch (RuntimeException | Error e) {
              fail(
                  source,
                  seq,
                  -1,
                  -1,
                  e instanceof RuntimeException r ? r : new RuntimeException(e));
            } finally {
              slots.release();
            }
          });
    } catch (RuntimeException e) {
      slots.release();
      throw e;
    }
  }

  /** Records an error if it comes before any recorded so far. */
  private synchronized void fail(int source, long chunk, long line, long col, RuntimeException e) {
    Failure f = failure;
    if (f == null || source < f.source() || (source == f.source() && chunk < f.chunk())) {
      failure = new Failure(source, chunk, line, col, e);
    }
  }

  /** The first error, placed on its line in its file now that the chunks before it are counted. */
  private RuntimeException placed(Failure f) {
    LineSource src = lineSources.get(f.source());
    if (f.lineInChunk() <= 0 || src == null || !(f.e() instanceof LoadException le)) {
      return f.e();
    }
    return new LoadException(
        le.source(), src.linesBefore(f.chunk()) + f.lineInChunk(), f.column(), le.getMessage());
  }

  /** The lines skipped as bad, each placed on its line, in file order; then how many in all. */
  private void logSkipped() {
    List<Skipped> all;
    synchronized (skippedLines) {
      all = new ArrayList<>(skippedLines);
    }
    all.sort(
        Comparator.comparingInt(Skipped::source)
            .thenComparingLong(Skipped::chunk)
            .thenComparingLong(Skipped::line));
    for (Skipped k : all) {
      LineSource src = lineSources.get(k.source());
      long line = src.linesBefore(k.chunk()) + k.line();
      options
          .log()
          .accept(
              src.source.name()
                  + ":"
                  + line
                  + (k.column() >= 0 ? ":" + k.column() : "")
                  + ": "
                  + k.message()
                  + " (skipped)");
    }
    if (skipped.get() > all.size()) {
      options.log().accept((skipped.get() - all.size()) + " more bad lines skipped, not listed");
    }
  }

  private record Skipped(int source, long chunk, long line, long column, String message) {}

  /** Bad lines listed at most; beyond them only counted. */
  private static final int SKIPPED_LISTED = 10_000;

  private synchronized void report() {
    long n = statements.get();
    if (n - reported >= Loader.PROGRESS_EVERY) {
      reported = n;
      options
          .progress()
          .status(
              new Loader.Status(
                  "parse",
                  n,
                  bytesRead.get(),
                  bytesTotal,
                  Duration.ofNanos(System.nanoTime() - start)));
    }
  }
}
