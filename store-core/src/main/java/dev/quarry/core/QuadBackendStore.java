package dev.quarry.core;

import dev.quarry.core.index.spi.QuadBackend;
import dev.quarry.core.index.spi.QuadView;
import dev.quarry.core.jena.QuarryDatasetGraph;
import io.micrometer.core.instrument.MeterRegistry;
import org.apache.jena.sparql.core.DatasetGraph;

/**
 * A {@link Store} over any backend of the index SPI: the Jena dataset, snapshot datasets and the
 * executor's meters are built here, once for every backend, so a backend (the paged engine,
 * store-accumulo) implements the SPI and its own lifecycle and never sees the Jena adapter.
 */
public abstract class QuadBackendStore implements Store {
  private final QuadBackend backend;
  private final QuarryDatasetGraph dataset;

  /**
   * With {@code unionDefault}, the default graph of queries is the union of all graphs. Closing the
   * dataset closes the store.
   */
  protected QuadBackendStore(QuadBackend backend, boolean unionDefault) {
    this.backend = backend;
    this.dataset = new QuarryDatasetGraph(backend, unionDefault, this::close);
  }

  @Override
  public final DatasetGraph dataset() {
    return dataset;
  }

  @Override
  public final QuadBackend quadBackend() {
    return backend;
  }

  @Override
  public final DatasetGraph datasetOn(QuadView view, boolean unionDefault) {
    return QuarryDatasetGraph.pinned(backend, unionDefault, view);
  }

  /** Binds the dataset's meters (queries, the executor); a backend adds its own and calls this. */
  @Override
  public void bindTo(MeterRegistry registry) {
    dataset.bindTo(registry);
  }
}
