package dev.quarry.rdf4j;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import java.io.File;
import org.eclipse.rdf4j.common.transaction.IsolationLevel;
import org.eclipse.rdf4j.repository.Repository;
import org.eclipse.rdf4j.testsuite.repository.RepositoryConnectionTest;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** RDF4J's {@code RepositoryConnectionTest} on a {@link QuarryRepository}, at each level. */
@Timeout(300)
class QuarryRepositoryConnectionTest extends RepositoryConnectionTest {
  @Override
  protected Repository createRepository(File dataDir) {
    return new QuarryRepository(dataDir.toPath());
  }

  /** The suite's repository is Quarry's: what its connection adds lands in the Quarry store. */
  @ParameterizedTest
  @MethodSource("parameters")
  void theSuiteRunsOnQuarry(IsolationLevel level) {
    setupTest(level);
    QuarrySail sail =
        (QuarrySail) assertInstanceOf(QuarryRepository.class, testRepository).getSail();
    long before = sail.store().stats().quads();
    testCon.add(vf.createIRI("http://ex/s"), vf.createIRI("http://ex/p"), vf.createLiteral(1));
    assertEquals(before + 1, sail.store().stats().quads(), "the statement is in the Quarry store");
  }
}
