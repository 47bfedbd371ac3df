package dev.quarry.rdf4j;

import dev.quarry.core.Store;
import java.nio.file.Path;
import org.eclipse.rdf4j.repository.RepositoryException;
import org.eclipse.rdf4j.repository.sail.SailRepository;
import org.eclipse.rdf4j.repository.sail.SailRepositoryConnection;

/**
 * The RDF4J {@link org.eclipse.rdf4j.repository.Repository} of a Quarry store: a {@link
 * SailRepository} over a {@link QuarrySail} whose connections run SPARQL queries with Quarry's
 * executor ({@link QuarryRepositoryConnection}), and load files through the store's bulk path.
 *
 * <pre>{@code
 * try (Store store = Quarry.open(Path.of("data"))) {
 *   Repository repo = new QuarryRepository(store);
 *   try (RepositoryConnection con = repo.getConnection()) {
 *     con.add(new File("data.ttl"));
 *     con.prepareTupleQuery("SELECT ?s { ?s ?p ?o } LIMIT 10").evaluate().forEach(...);
 *   }
 *   repo.shutDown();
 * }
 * }</pre>
 *
 * Given a directory, the repository opens and closes the store itself; given an open store, shut
 * the repository down, then close the store.
 */
public class QuarryRepository extends SailRepository {
  /** The repository of an open store, which stays the caller's to close (after shut-down). */
  public QuarryRepository(Store store) {
    super(new QuarrySail(store));
  }

  /** The repository of the store in {@code directory}: opened at init, closed at shut-down. */
  public QuarryRepository(Path directory) {
    super(new QuarrySail(directory));
  }

  @Override
  public SailRepositoryConnection getConnection() throws RepositoryException {
    if (!isInitialized()) {
      init();
    }
    return new QuarryRepositoryConnection(
        this, (QuarrySailConnection) getSail().getConnection(), ((QuarrySail) getSail()).store());
  }
}
