package dev.quarry.rdf4j;

import org.eclipse.rdf4j.repository.Repository;
import org.eclipse.rdf4j.testsuite.repository.TupleQueryResultTest;
import org.junit.jupiter.api.Disabled;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** RDF4J's {@code TupleQueryResultTest} on a {@link QuarryRepository}. */
@Tag("slow") // ./mvnw verify -Pslow; CI runs it
@Timeout(300)
class QuarryTupleQueryResultTest extends TupleQueryResultTest {
  @Override
  protected Repository newRepository() {
    return QuarryRdf4jSuites.repository();
  }

  @Disabled(
      "RDF4J's debug mode tracks results opened through its own evaluation to fail a connection"
          + " closed with one still open; Quarry's results release their snapshot when closed, or"
          + " when read to the end, and are not tracked")
  @Test
  @Override
  public void testNotClosingResultThrowsException() {
    super.testNotClosingResultThrowsException(); // RDF4J's assertions, kept to read; not run (see
    // @Disabled)
  }

  @Test
  void theSuiteRunsOnQuarry() {
    QuarryRdf4jSuites.assertQuarry(newRepository());
  }
}
