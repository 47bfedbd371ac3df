package dev.quarry.core.jena;

/** Jena's contract tests on the memory page store. */
class JenaMemoryContractTest extends AbstractJenaContractTest {
  @Override
  boolean file() {
    return false;
  }
}
