package dev.quarry.core.interim;

import dev.quarry.core.CheckReport;
import dev.quarry.core.Store;
import dev.quarry.core.StoreDirectory;
import dev.quarry.core.StoreException;
import dev.quarry.core.StoreStats;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.apache.jena.sparql.core.DatasetGraph;
import org.apache.jena.sparql.core.DatasetGraphFactory;
import org.apache.jena.sparql.core.Quad;
import org.apache.jena.system.Txn;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Interim backend for {@code storage: file}, until the paged engine lands: the data lives in Jena's
 * in-memory transactional dataset and is made durable by a {@link Journal} (a snapshot plus one
 * forced frame per commit). Opening replays the files; closing writes a fresh snapshot, so a clean
 * shutdown leaves nothing to replay but the snapshot.
 *
 * <p>It holds the whole store in the heap: fine for tests, demos and data of a few million quads,
 * and the reason the paged engine exists.
 */
public final class JournaledMemoryStore implements Store {
  /** The on-disk format name written to the store's marker file. */
  public static final String FORMAT = "journaled-memory-v1";

  private static final Logger LOG = LoggerFactory.getLogger(JournaledMemoryStore.class);

  private final StoreDirectory directory;
  private final Journal journal;
  private final DatasetGraph memory;
  private final JournalingDatasetGraph dataset;
  private boolean closed;

  private JournaledMemoryStore(StoreDirectory directory, Journal journal, DatasetGraph memory) {
    this.directory = directory;
    this.journal = journal;
    this.memory = memory;
    this.dataset = new JournalingDatasetGraph(memory, journal);
  }

  public static JournaledMemoryStore open(Path dir) {
    StoreDirectory sd = StoreDirectory.openOrCreate(dir, FORMAT);
    Journal journal = null;
    try {
      journal = Journal.open(dir);
      DatasetGraph memory = DatasetGraphFactory.createTxnMem();
      Journal j = journal;
      Journal.Replay replay = Txn.calculateWrite(memory, () -> replay(j, memory));
      if (replay.commits() > 0 || replay.tornBytes() > 0) {
        LOG.info(
            "Recovered {}: {} quads from the snapshot, {} commits replayed, {} bytes of an"
                + " unfinished commit discarded",
            dir,
            replay.snapshotQuads(),
            replay.commits(),
            replay.tornBytes());
        Txn.executeRead(memory, () -> checkpoint(j, memory));
      }
      return new JournaledMemoryStore(sd, journal, memory);
    } catch (IOException | RuntimeException e) {
      closeQuietly(journal);
      sd.close();
      if (e instanceof StoreException se) {
        throw se;
      }
      throw new StoreException("cannot open store in " + dir + ": " + e.getMessage(), e);
    }
  }

  private static Journal.Replay replay(Journal journal, DatasetGraph memory) {
    try {
      return journal.replay(memory::add, memory::delete);
    } catch (IOException e) {
      throw new StoreException("cannot read the store's files: " + e.getMessage(), e);
    }
  }

  private static void checkpoint(Journal journal, DatasetGraph memory) {
    try {
      journal.checkpoint(memory.find());
    } catch (IOException e) {
      throw new StoreException("checkpoint failed: " + e.getMessage(), e);
    }
  }

  @Override
  public DatasetGraph dataset() {
    return dataset;
  }

  @Override
  public String backend() {
    return "journaled-memory (interim)";
  }

  @Override
  public Optional<Path> location() {
    return Optional.of(directory.path());
  }

  @Override
  public StoreStats stats() {
    return DatasetCounts.scan(dataset, directory.bytesOnDisk());
  }

  /** Re-reads the files from disk and checks that they hold exactly what the live store holds. */
  @Override
  public synchronized CheckReport check() {
    List<String> problems = new ArrayList<>();
    try {
      problems.addAll(journal.verify());
    } catch (IOException e) {
      problems.add("cannot read the store's files: " + e.getMessage());
    }
    if (!problems.isEmpty()) {
      return new CheckReport(problems, "the snapshot and journal of " + directory.path());
    }
    return Txn.calculateRead(
        dataset,
        () -> {
          Set<Quad> onDisk = new HashSet<>();
          try {
            journal.replayReadOnly(onDisk::add, onDisk::remove);
          } catch (IOException e) {
            problems.add("cannot read the store's files: " + e.getMessage());
          }
          long live = 0;
          for (var it = dataset.find(); it.hasNext(); ) {
            Quad q = it.next();
            live++;
            if (!onDisk.contains(Quad.create(Quad.defaultGraphIRI, q.asTriple()))
                && !onDisk.contains(q)) {
              if (problems.size() < 10) {
                problems.add("quad in memory but not on disk: " + q);
              }
            }
          }
          if (live != onDisk.size()) {
            problems.add("the files hold " + onDisk.size() + " quads, the live store " + live);
          }
          return new CheckReport(
              problems, live + " quads, files of " + directory.path() + " re-read and compared");
        });
  }

  @Override
  public synchronized void close() {
    if (closed) {
      return;
    }
    closed = true;
    try {
      if (journal.journalBytes() > 0) {
        Txn.executeRead(memory, () -> checkpoint(journal, memory));
      }
    } catch (IOException | RuntimeException e) {
      LOG.warn(
          "No checkpoint at close ({}); the journal will be replayed at next open", e.toString());
    } finally {
      closeQuietly(journal);
      memory.close();
      directory.close();
    }
  }

  private static void closeQuietly(Journal j) {
    if (j != null) {
      try {
        j.close();
      } catch (IOException e) {
        // nothing more to do
      }
    }
  }
}
