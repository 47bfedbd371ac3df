package dev.quarry.rdf4j;

import org.eclipse.rdf4j.repository.Repository;
import org.eclipse.rdf4j.testsuite.repository.GraphQueryResultTest;
import org.junit.jupiter.api.Disabled;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** RDF4J's {@code GraphQueryResultTest} on a {@link QuarryRepository}. */
@Timeout(300)
class QuarryGraphQueryResultTest extends GraphQueryResultTest {
  @Override
  protected Repository newRepository() {
    return QuarryRdf4jSuites.repository();
  }

  // DESCRIBE is implementation-defined (SPARQL 1.1, 16.4): RDF4J's gives the statements with the
  // resource as subject or object; Quarry's, the resource's own statements with their blank-node
  // closure (the same over HTTP and Jena). These two tests count RDF4J's.

  @Disabled("DESCRIBE's shape is the implementation's: Quarry's is subject-side (see above)")
  @Test
  @Override
  public void testDescribeSingle() {
    super.testDescribeSingle(); // RDF4J's assertions, kept to read; not run (see @Disabled)
  }

  @Disabled("DESCRIBE's shape is the implementation's: Quarry's is subject-side (see above)")
  @Test
  @Override
  public void testDescribeMultiple() {
    super.testDescribeMultiple(); // RDF4J's assertions, kept to read; not run (see @Disabled)
  }

  @Test
  void theSuiteRunsOnQuarry() {
    QuarryRdf4jSuites.assertQuarry(newRepository());
  }
}
