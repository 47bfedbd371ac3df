package dev.quarry.bsbm.gen;

import java.time.LocalDate;
import java.util.Random;

/**
 * BSBM's dates: uniform instants in [from, to) in milliseconds, written as the calendar day. The
 * reference datasets were generated in UTC; Quarry always computes in UTC, whatever the JVM's zone.
 */
final class Dates {
  private Dates() {}

  static final long DAY = 86_400_000L;

  /** "today" of the benchmark: 2008-06-20T00:00Z. */
  static final long TODAY = day(2008, 6, 20);

  static long day(int year, int month, int dayOfMonth) {
    return LocalDate.of(year, month, dayOfMonth).toEpochDay() * DAY;
  }

  static long between(Random random, long from, long to) {
    return from + (long) (random.nextDouble() * (to - from));
  }

  /** {@code YYYY-MM-DD}. */
  static String date(long millis) {
    return LocalDate.ofEpochDay(Math.floorDiv(millis, DAY)).toString();
  }

  /** {@code YYYY-MM-DDT00:00:00}: BSBM's dateTimes are always midnight, without a zone. */
  static String midnight(long millis) {
    return date(millis) + "T00:00:00";
  }
}
