package dev.quarry.rdf4j;

import org.eclipse.rdf4j.sail.Sail;
import org.eclipse.rdf4j.testsuite.sail.SailConcurrencyTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** RDF4J's {@code SailConcurrencyTest} on a {@link QuarrySail}. */
@Timeout(300)
class QuarrySailConcurrencyTest extends SailConcurrencyTest {
  @Override
  protected Sail createSail() {
    return QuarryRdf4jSuites.sail();
  }

  @Test
  void theSuiteRunsOnQuarry() {
    QuarryRdf4jSuites.assertQuarry(createSail());
  }
}
