package dev.quarry.lubm;

import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/** Runs the 45 checks, in order, as named tests; prints the LUBM summary line at the end. */
abstract class AbstractLubmSuite {
  static int passed;
  static int failed;
  static int unsupported;
  static String label;

  protected abstract LubmTarget target();

  @TestFactory
  Stream<DynamicTest> lubm() {
    passed = failed = unsupported = 0;
    label = getClass().getSimpleName();
    return LubmSuite.checks().stream()
        .map(
            c ->
                DynamicTest.dynamicTest(
                    c.name(),
                    () -> {
                      try {
                        c.body().run(target());
                        passed++;
                      } catch (LubmSuite.NotSupported e) {
                        unsupported++;
                        Assumptions.abort("not yet supported: " + e.getMessage());
                      } catch (AssertionError | RuntimeException e) {
                        failed++;
                        throw e;
                      }
                    }));
  }

  @AfterAll
  static void summary() {
    System.out.printf(
        "%s%nLUBM: %d passed, %d failed%n",
        label + ": " + unsupported + " checks not yet supported (counted as skipped)",
        passed,
        failed);
  }
}
