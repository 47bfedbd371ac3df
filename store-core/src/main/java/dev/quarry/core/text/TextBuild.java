package dev.quarry.core.text;

import java.io.IOException;
import java.util.Arrays;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.jena.graph.Node;
import org.apache.lucene.index.IndexWriter;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A whole index built from one state: the calling thread reads the objects in order (the OP
 * projection) and hands batches of string literal candidates to one worker per core, which decode
 * them and add their documents (Lucene's writer indexes on every thread that adds). Used when text
 * search is turned on for a store, after a crash that left the index ahead, and at the commit of a
 * load into an empty store.
 */
final class TextBuild {
  private static final Logger LOG = LoggerFactory.getLogger(TextBuild.class);
  private static final int BATCH = 1024;
  private static final long PROGRESS_NANOS = 10_000_000_000L; // a log line every 10 s

  private record Batch(long[] ids, long[][] predicates, int size) {}

  private static final Batch END = new Batch(new long[0], new long[0][], 0);

  private TextBuild() {}

  /** Adds the documents of every indexable literal of {@code state}; returns how many. */
  static long run(TextSource state, long[] indexed, IndexWriter writer, TextDocuments documents)
      throws IOException {
    int threads = Math.max(1, Runtime.getRuntime().availableProcessors());
    BlockingQueue<Batch> queue = new ArrayBlockingQueue<>(threads * 4);
    AtomicReference<Throwable> failed = new AtomicReference<>();
    Progress progress = new Progress();
    CountDownLatch allAdded = new CountDownLatch(threads);
    Thread[] workers = new Thread[threads];
    for (int t = 0; t < threads; t++) {
      workers[t] =
          Thread.ofPlatform()
              .name("quarry-text-build-" + t)
              .daemon()
              .start(
                  () -> {
                    work(queue, state, writer, documents, progress, failed);
                    allAdded.countDown();
                    flush(writer, allAdded, failed);
                  });
    }
    long[][] batch = {new long[BATCH]};
    long[][][] preds = {new long[BATCH][]};
    int[] n = {0};
    try {
      state.forEachObject(
          (o, p, k) -> {
            if (failed.get() != null || !TextDocuments.mayBeString(o)) {
              return;
            }
            long[] keep = keep(Arrays.copyOf(p, k), indexed);
            if (keep.length == 0) {
              return;
            }
            batch[0][n[0]] = o;
            preds[0][n[0]] = keep;
            if (++n[0] == BATCH) {
              put(queue, new Batch(batch[0], preds[0], n[0]));
              batch[0] = new long[BATCH];
              preds[0] = new long[BATCH][];
              n[0] = 0;
            }
          });
      if (n[0] > 0) {
        put(queue, new Batch(batch[0], preds[0], n[0]));
      }
    } finally {
      for (int t = 0; t < threads; t++) {
        put(queue, END);
      }
      for (Thread w : workers) {
        try {
          w.join();
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          throw new IOException("interrupted building the text index", e);
        }
      }
    }
    Throwable f = failed.get();
    if (f instanceof IOException io) {
      throw io;
    }
    if (f != null) {
      throw new IOException("building the text index: " + f, f);
    }
    return progress.added.get();
  }

  private static void work(
      BlockingQueue<Batch> queue,
      TextSource state,
      IndexWriter writer,
      TextDocuments documents,
      Progress progress,
      AtomicReference<Throwable> failed) {
    try {
      for (Batch b; (b = queue.take()) != END; ) {
        if (failed.get() != null) {
          continue; // drain: the reader stops at its next object
        }
        for (int i = 0; i < b.size(); i++) {
          Node node = state.node(b.ids()[i]);
          if (TextDocuments.indexable(node)) {
            long[] p = b.predicates()[i];
            writer.addDocument(documents.of(b.ids()[i], node, p, p.length));
            progress.added.incrementAndGet();
          }
        }
        progress.maybeLog();
      }
    } catch (Throwable e) {
      failed.compareAndSet(null, e);
      // keep taking until the end marker so the reader never blocks on a full queue
      try {
        while (queue.take() != END) {
          // drain
        }
      } catch (InterruptedException ie) {
        Thread.currentThread().interrupt();
      }
    }
  }

  /**
   * Once every worker has added its documents, each writes one of the writer's in-memory segments
   * (Lucene's per-thread buffers) to disk, at the same time: else the commit's reader writes them
   * all on one thread (at BSBM 1M, 7 of the build's 18 s).
   */
  private static void flush(
      IndexWriter writer, CountDownLatch allAdded, AtomicReference<Throwable> failed) {
    try {
      allAdded.await();
      while (failed.get() == null && writer.flushNextBuffer()) {
        // one buffer per call, in this thread
      }
    } catch (Throwable e) {
      failed.compareAndSet(null, e);
    }
  }

  /** The documents added so far, logged every 10 s: a big load's commit shows that it goes on. */
  private static final class Progress {
    final AtomicLong added = new AtomicLong();
    final long start = System.nanoTime();
    final AtomicLong nextLog = new AtomicLong(start + PROGRESS_NANOS);

    void maybeLog() {
      long now = System.nanoTime();
      long next = nextLog.get();
      if (now >= next && nextLog.compareAndSet(next, now + PROGRESS_NANOS)) {
        double secs = (now - start) / 1e9;
        LOG.info(
            "text index: {} literals in {} s ({}/s)",
            String.format("%,d", added.get()),
            String.format("%.0f", secs),
            String.format("%,.0f", added.get() / secs));
      }
    }
  }

  private static void put(BlockingQueue<Batch> queue, Batch b) {
    try {
      queue.put(b);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted building the text index", e);
    }
  }

  /** The predicates of {@code preds} that are indexed ({@code indexed} null: all). */
  static long[] keep(long[] preds, long[] indexed) {
    if (indexed == null) {
      return preds;
    }
    return Arrays.stream(preds).filter(p -> Arrays.binarySearch(indexed, p) >= 0).toArray();
  }
}
