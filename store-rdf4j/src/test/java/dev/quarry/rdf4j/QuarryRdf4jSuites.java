package dev.quarry.rdf4j;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.eclipse.rdf4j.model.ValueFactory;
import org.eclipse.rdf4j.repository.Repository;
import org.eclipse.rdf4j.sail.Sail;
import org.eclipse.rdf4j.sail.SailConnection;

/**
 * RDF4J's own compliance suites ({@code rdf4j-sail-testsuite}, {@code rdf4j-repository-testsuite}
 * from Maven Central) run on Quarry: each class here extends one of them and gives it a Quarry
 * store in a new directory, which the sail or repository opens at init and closes at shut-down. The
 * assertions are the suites' own, inherited: these classes supply the store, and each checks with
 * {@link #assertQuarry} that what it supplies is Quarry's. Tests skipped are overridden with
 * {@code @Disabled} and their reason, calling the suite's test unchanged.
 */
final class QuarryRdf4jSuites {
  private QuarryRdf4jSuites() {}

  static Path newDir() {
    try {
      Path dir = Files.createTempDirectory("quarry-rdf4j");
      dir.toFile().deleteOnExit();
      return dir;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static Sail sail() {
    return new QuarrySail(newDir());
  }

  static Repository repository() {
    return new QuarryRepository(newDir());
  }

  /**
   * Asserts that a suite's sail is Quarry's: a statement committed through it lands in the Quarry
   * store underneath (the suite's own tests would pass as well on any other sail it was handed).
   */
  static void assertQuarry(Sail sail) {
    QuarrySail quarry = assertInstanceOf(QuarrySail.class, sail);
    quarry.init();
    try {
      ValueFactory vf = quarry.getValueFactory();
      try (SailConnection c = quarry.getConnection()) {
        c.begin();
        c.addStatement(
            vf.createIRI("http://ex/s"), vf.createIRI("http://ex/p"), vf.createLiteral(1));
        c.commit();
      }
      assertEquals(1, quarry.store().stats().quads(), "the statement is in the Quarry store");
    } finally {
      quarry.shutDown();
    }
  }

  /** {@link #assertQuarry(Sail)} for a suite's repository. */
  static void assertQuarry(Repository repository) {
    assertQuarry(assertInstanceOf(QuarryRepository.class, repository).getSail());
  }
}
