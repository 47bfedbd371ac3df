package dev.quarry.core.paged;

import java.io.IOException;
import org.apache.jena.query.Dataset;
import org.apache.jena.query.DatasetFactory;
import org.apache.jena.sparql.core.AbstractDatasetGraphFind;
import org.apache.jena.sparql.core.AbstractDatasetGraphFindPatterns;
import org.apache.jena.sparql.core.AbstractDatasetGraphTests;
import org.apache.jena.sparql.core.AbstractTestDataset;
import org.apache.jena.sparql.core.DatasetGraph;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Nested;

/** Jena's own DatasetGraph and Dataset contract tests, on the paged engine (memory page store). */
class JenaMemoryContractTest {
  private static final boolean FILE = false;

  @Nested
  class DatasetGraphTests extends AbstractDatasetGraphTests {
    private final TestStores stores = new TestStores(FILE);

    @Override
    protected DatasetGraph emptyDataset() {
      return stores.create().dataset();
    }

    @AfterEach
    void close() throws IOException {
      stores.closeAll();
    }
  }

  @Nested
  class DatasetGraphFind extends AbstractDatasetGraphFind {
    private final TestStores stores = new TestStores(FILE);

    @Override
    protected DatasetGraph create() {
      return stores.create().dataset();
    }

    @AfterEach
    void close() throws IOException {
      stores.closeAll();
    }
  }

  @Nested
  class DatasetGraphFindPatterns extends AbstractDatasetGraphFindPatterns {
    private final TestStores stores = new TestStores(FILE);

    @Override
    protected DatasetGraph create() {
      return stores.create().dataset();
    }

    @AfterEach
    void close() throws IOException {
      stores.closeAll();
    }
  }

  @Nested
  class DatasetTests extends AbstractTestDataset {
    private final TestStores stores = new TestStores(FILE);

    @Override
    protected Dataset createDataset() {
      return DatasetFactory.wrap(stores.create().dataset());
    }

    @AfterEach
    void close() throws IOException {
      stores.closeAll();
    }
  }
}
