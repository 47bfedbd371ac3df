package dev.quarry.rdf4j;

import dev.quarry.core.Quarry;
import dev.quarry.core.Store;
import java.nio.file.Path;
import org.eclipse.rdf4j.common.transaction.IsolationLevel;
import org.eclipse.rdf4j.common.transaction.IsolationLevels;
import org.eclipse.rdf4j.model.ValueFactory;
import org.eclipse.rdf4j.model.impl.SimpleValueFactory;
import org.eclipse.rdf4j.sail.SailConnection;
import org.eclipse.rdf4j.sail.SailException;
import org.eclipse.rdf4j.sail.helpers.AbstractSail;

/**
 * A Quarry store as an RDF4J {@link org.eclipse.rdf4j.sail.Sail}: statements with contexts (named
 * graphs; the null context is the default graph), namespaces kept with the store, and transactions
 * on the store's snapshots ({@link QuarrySailConnection}). The isolation levels are those Quarry
 * gives: SNAPSHOT_READ (each transaction reads one committed state; the default), SNAPSHOT and
 * SERIALIZABLE (the same, and a commit fails if another committed after its snapshot: one
 * serialized writer, first committer wins). Weaker levels asked for get SNAPSHOT_READ.
 *
 * <p>For SPARQL at Quarry's speed use {@link QuarryRepository}: through a plain {@code
 * SailRepository} queries are evaluated by RDF4J over these statements.
 *
 * <p>Given a directory, the sail opens and closes the store itself; given an open store, it leaves
 * closing it to the caller.
 */
public class QuarrySail extends AbstractSail {
  private final Path directory; // null: the store is the caller's
  private volatile Store store;
  private volatile Values values;
  private volatile Namespaces namespaces;

  /** A sail over an open store, which stays the caller's to close (after the sail's shut-down). */
  public QuarrySail(Store store) {
    this.directory = null;
    attach(store);
    levels();
  }

  /**
   * A sail over the store in {@code directory} (created if there is none), opened when the sail is
   * initialised and closed when it shuts down, as RDF4J's own stores do with their data directory.
   */
  public QuarrySail(Path directory) {
    this.directory = directory;
    levels();
  }

  private void attach(Store s) {
    this.store = s;
    this.values = new Values(s);
    this.namespaces = new Namespaces(s.location().orElse(null));
  }

  @Override
  protected void initializeInternal() throws SailException {
    if (directory != null) {
      attach(Quarry.open(directory));
    }
  }

  private void levels() {
    setSupportedIsolationLevels(
        IsolationLevels.SNAPSHOT_READ, IsolationLevels.SNAPSHOT, IsolationLevels.SERIALIZABLE);
    setDefaultIsolationLevel(IsolationLevels.SNAPSHOT_READ);
  }

  Store store() {
    return store;
  }

  Values values() {
    return values;
  }

  Namespaces namespaces() {
    return namespaces;
  }

  @Override
  protected SailConnection getConnectionInternal() throws SailException {
    return new QuarrySailConnection(this);
  }

  @Override
  protected void shutDownInternal() throws SailException {
    if (directory != null && store != null) {
      store.close();
      store = null;
    }
  }

  @Override
  public boolean isWritable() throws SailException {
    return true;
  }

  @Override
  public ValueFactory getValueFactory() {
    return SimpleValueFactory.getInstance();
  }

  @Override
  public IsolationLevel getDefaultIsolationLevel() {
    return IsolationLevels.SNAPSHOT_READ;
  }
}
