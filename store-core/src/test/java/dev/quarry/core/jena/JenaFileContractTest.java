package dev.quarry.core.jena;

/** Jena's contract tests on the file page store. */
class JenaFileContractTest extends AbstractJenaContractTest {
  @Override
  boolean file() {
    return true;
  }
}
