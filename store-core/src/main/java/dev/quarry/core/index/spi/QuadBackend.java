package dev.quarry.core.index.spi;

/**
 * A store of quads with snapshot isolation: any number of readers, each on the state committed when
 * it began; one writer at a time. The Jena adapter and the executor need nothing else of a backend.
 * Implementations: the paged engine ({@code dev.quarry.core.engine}); contract: {@code
 * AbstractQuadBackendContractTest} in store-core's tests, run by every implementation.
 */
public interface QuadBackend {
  /** Begins a read on the latest committed state. */
  ReadView beginRead();

  /** Begins the write transaction, waiting (bounded) for the one before it to end. */
  WriteView beginWrite();

  /**
   * The directory for files derived from committed states (they may be deleted while the store is
   * closed, and are made again), or null where the store has none (in memory).
   */
  default java.nio.file.Path derivedFiles() {
    return null;
  }
}
