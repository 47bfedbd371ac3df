package dev.quarry.rdf4j;

import org.eclipse.rdf4j.repository.Repository;
import org.eclipse.rdf4j.testsuite.repository.SparqlRegexTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** RDF4J's {@code SparqlRegexTest} on a {@link QuarryRepository}. */
@Timeout(300)
class QuarrySparqlRegexTest extends SparqlRegexTest {
  @Override
  protected Repository newRepository() {
    return QuarryRdf4jSuites.repository();
  }

  @Test
  void theSuiteRunsOnQuarry() {
    QuarryRdf4jSuites.assertQuarry(newRepository());
  }
}
