package dev.quarry.rdf4j;

import org.eclipse.rdf4j.sail.Sail;
import org.eclipse.rdf4j.testsuite.sail.SailInterruptTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** RDF4J's {@code SailInterruptTest} on a {@link QuarrySail}. */
@Timeout(300)
class QuarrySailInterruptTest extends SailInterruptTest {
  @Override
  protected Sail createSail() {
    return QuarryRdf4jSuites.sail();
  }

  @Test
  void theSuiteRunsOnQuarry() {
    QuarryRdf4jSuites.assertQuarry(createSail());
  }
}
