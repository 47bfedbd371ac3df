package dev.quarry.core.jena;

import dev.quarry.core.engine.TestStores;
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

/**
 * Jena's own DatasetGraph and Dataset contract tests, on the paged engine; each page store runs
 * them through a subclass. Every store a test makes is closed after it.
 */
abstract class AbstractJenaContractTest {
  /** True for the file page store, false for memory. */
  abstract boolean file();

  private final TestStores stores = new TestStores(file());

  @AfterEach
  void close() throws IOException {
    stores.closeAll();
  }

  @Nested
  class DatasetGraphTests extends AbstractDatasetGraphTests {
    @Override
    protected DatasetGraph emptyDataset() {
      return stores.create().dataset();
    }
  }

  @Nested
  class DatasetGraphFind extends AbstractDatasetGraphFind {
    @Override
    protected DatasetGraph create() {
      return stores.create().dataset();
    }
  }

  @Nested
  class DatasetGraphFindPatterns extends AbstractDatasetGraphFindPatterns {
    @Override
    protected DatasetGraph create() {
      return stores.create().dataset();
    }
  }

  @Nested
  class DatasetTests extends AbstractTestDataset {
    @Override
    protected Dataset createDataset() {
      return DatasetFactory.wrap(stores.create().dataset());
    }
  }
}
