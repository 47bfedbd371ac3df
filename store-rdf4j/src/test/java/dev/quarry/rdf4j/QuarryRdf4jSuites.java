package dev.quarry.rdf4j;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.eclipse.rdf4j.repository.Repository;
import org.eclipse.rdf4j.sail.Sail;

/**
 * RDF4J's own compliance suites ({@code rdf4j-sail-testsuite}, {@code rdf4j-repository-testsuite}
 * from Maven Central) run on Quarry: each class here extends one of them and gives it a Quarry
 * store in a new directory, which the sail or repository opens at init and closes at shut-down. The
 * assertions are the suites' own, inherited: these classes only supply the store. Tests skipped are
 * overridden with {@code @Disabled} and their reason, calling the suite's test unchanged.
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
}
