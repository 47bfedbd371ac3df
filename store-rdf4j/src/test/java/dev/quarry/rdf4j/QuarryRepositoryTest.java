package dev.quarry.rdf4j;

import org.eclipse.rdf4j.repository.Repository;
import org.eclipse.rdf4j.testsuite.repository.RepositoryTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** RDF4J's {@code RepositoryTest} on a {@link QuarryRepository}. */
@Timeout(300)
class QuarryRepositoryTest extends RepositoryTest {
  @Override
  protected Repository createRepository() {
    return QuarryRdf4jSuites.repository();
  }

  @Test
  void theSuiteRunsOnQuarry() {
    QuarryRdf4jSuites.assertQuarry(createRepository());
  }
}
