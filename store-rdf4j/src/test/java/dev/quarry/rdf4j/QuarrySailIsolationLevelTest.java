package dev.quarry.rdf4j;

import org.eclipse.rdf4j.sail.Sail;
import org.eclipse.rdf4j.testsuite.sail.SailIsolationLevelTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** RDF4J's {@code SailIsolationLevelTest} on a {@link QuarrySail}. */
@Timeout(300)
class QuarrySailIsolationLevelTest extends SailIsolationLevelTest {
  @Override
  protected Sail createSail() {
    return QuarryRdf4jSuites.sail();
  }

  @Test
  void theSuiteRunsOnQuarry() {
    QuarryRdf4jSuites.assertQuarry(createSail());
  }
}
