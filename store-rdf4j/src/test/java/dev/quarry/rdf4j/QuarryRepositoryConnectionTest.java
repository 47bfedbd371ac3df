package dev.quarry.rdf4j;

import java.io.File;
import org.eclipse.rdf4j.repository.Repository;
import org.eclipse.rdf4j.testsuite.repository.RepositoryConnectionTest;
import org.junit.jupiter.api.Timeout;

/** RDF4J's {@code RepositoryConnectionTest} on a {@link QuarryRepository}, at each level. */
@Timeout(300)
class QuarryRepositoryConnectionTest extends RepositoryConnectionTest {
  @Override
  protected Repository createRepository(File dataDir) {
    return new QuarryRepository(dataDir.toPath());
  }
}
