package dev.quarry.rdf4j;

import org.eclipse.rdf4j.repository.Repository;
import org.eclipse.rdf4j.testsuite.repository.CascadeValueExceptionTest;
import org.junit.jupiter.api.Disabled;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** RDF4J's {@code CascadeValueExceptionTest} on a {@link QuarryRepository}. */
@Timeout(300)
class QuarryCascadeValueExceptionTest extends CascadeValueExceptionTest {
  @Override
  protected Repository newRepository() {
    return QuarryRdf4jSuites.repository();
  }

  // Reasons for the tests skipped: the data compares xsd:gYear literals with = and !=. ARQ (and so
  // Quarry) decides = on two literals of the same term as true, on different terms of a type it
  // cannot compare as false (SPARQL 1.1's RDFterm-equal); RDF4J raises a type error, so no row.

  @Disabled("ARQ's RDFterm-equal on literals of a type it does not order (see above)")
  @Test
  @Override
  public void testValueExceptionEqualPlain() {
    super.testValueExceptionEqualPlain(); // RDF4J's assertions, kept to read; not run (see
    // @Disabled)
  }

  @Disabled("ARQ's RDFterm-equal on literals of a type it does not order (see above)")
  @Test
  @Override
  public void testValueExceptionEqualTyped() {
    super.testValueExceptionEqualTyped(); // RDF4J's assertions, kept to read; not run (see
    // @Disabled)
  }

  @Test
  void theSuiteRunsOnQuarry() {
    QuarryRdf4jSuites.assertQuarry(newRepository());
  }
}
