package dev.quarry.core.interim;

import dev.quarry.core.CheckReport;
import dev.quarry.core.Store;
import dev.quarry.core.StoreStats;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.apache.jena.sparql.core.DatasetGraph;
import org.apache.jena.sparql.core.DatasetGraphFactory;

/**
 * Interim backend for {@code storage: memory}: Jena's in-memory transactional dataset, until the
 * paged engine runs on the memory page store.
 */
public final class InMemoryStore implements Store {
  private final DatasetGraph dsg = DatasetGraphFactory.createTxnMem();

  @Override
  public DatasetGraph dataset() {
    return dsg;
  }

  @Override
  public String backend() {
    return "jena-txn-memory (interim)";
  }

  @Override
  public Optional<Path> location() {
    return Optional.empty();
  }

  @Override
  public StoreStats stats() {
    return DatasetCounts.scan(dsg, 0);
  }

  @Override
  public CheckReport check() {
    return new CheckReport(List.of(), stats().quads() + " quads in memory");
  }

  @Override
  public void close() {
    dsg.close();
  }
}
