package dev.quarry.rdf4j;

import org.eclipse.rdf4j.repository.Repository;
import org.eclipse.rdf4j.testsuite.repository.SparqlDatasetTest;
import org.junit.jupiter.api.Disabled;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** RDF4J's {@code SparqlDatasetTest} on a {@link QuarryRepository}. */
@Timeout(300)
class QuarrySparqlDatasetTest extends SparqlDatasetTest {
  @Override
  protected Repository newRepository() {
    return QuarryRdf4jSuites.repository();
  }

  // Without FROM, RDF4J's default graph is every context's statements, a triple once per context it
  // is in; Quarry's (like Jena's union graph and SPARQL's RDF merge) holds each triple once.

  @Disabled("the union default graph holds a triple once, not once per context (see above)")
  @Test
  @Override
  public void testNoFrom() {
    super.testNoFrom(); // RDF4J's assertions, kept to read; not run (see @Disabled)
  }

  @Disabled("the union default graph holds a triple once, not once per context (see above)")
  @Test
  @Override
  public void testSelectAllIsSameAsCount() {
    super.testSelectAllIsSameAsCount(); // RDF4J's assertions, kept to read; not run (see @Disabled)
  }

  @Test
  void theSuiteRunsOnQuarry() {
    QuarryRdf4jSuites.assertQuarry(newRepository());
  }
}
