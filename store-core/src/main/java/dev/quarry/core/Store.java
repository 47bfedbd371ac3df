package dev.quarry.core;

import java.nio.file.Path;
import java.util.Optional;
import org.apache.jena.sparql.core.DatasetGraph;

/**
 * A Quarry store: the one interface everything above store-core (loader, server, benchmarks, tests)
 * uses. Which backend sits behind it is a matter of configuration; see {@link Quarry#open}.
 *
 * <p>Lifecycle: obtained from {@link Quarry}, used from any number of threads, then closed once.
 * All access to the data goes through {@link #dataset()} inside Jena transactions: any number of
 * readers, one writer at a time; readers see only committed data. Closing a persistent store makes
 * everything committed durable and leaves nothing to recover; closing twice is harmless.
 */
public interface Store extends AutoCloseable {

  /** The data as a transactional Jena dataset. The same object for the life of the store. */
  DatasetGraph dataset();

  /** What the backend is, for people: e.g. {@code "journaled-memory (interim)"}. */
  String backend();

  /** The store's directory, if it is persistent. */
  Optional<Path> location();

  /** Counts of what the store holds (quads, graphs, terms, bytes on disk). */
  StoreStats stats();

  /** Checks the store's integrity; {@link CheckReport#sound()} is true only if nothing is wrong. */
  CheckReport check();

  @Override
  void close();
}
