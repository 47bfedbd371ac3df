package dev.quarry.lubm;

import dev.quarry.core.Quarry;
import dev.quarry.core.Store;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/** The same 45 checks through the Jena API on an embedded (in-memory) store: no HTTP. */
class LubmEmbeddedTest extends AbstractLubmSuite {
  static Store store;
  static EmbeddedTarget target;

  @BeforeAll
  static void open() {
    store = Quarry.openMemory();
    target = new EmbeddedTarget(store);
  }

  @AfterAll
  static void close() {
    store.close();
  }

  @Override
  protected LubmTarget target() {
    return target;
  }
}
