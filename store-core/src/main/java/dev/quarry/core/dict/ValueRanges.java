package dev.quarry.core.dict;

import java.util.Arrays;

/**
 * The id ranges that hold every numeric term whose value lies in {@code [lo, hi]}: one range per
 * numeric inline datatype (each tag's ids are in value order) and the whole term-table range,
 * because a numeral the store could not inline ("042", 0.1 as a double, a 30-digit integer) is a
 * term-table id whose place says nothing of its value.
 *
 * <p>The ranges are a superset: bounds are rounded outwards, strictness is ignored, and the term
 * table brings every term of the predicate. A scan over them must still apply the filter; what the
 * ranges guarantee is that no value inside {@code [lo, hi]} is left out.
 */
public final class ValueRanges {
  private static final int INTEGER_TAGS = InlineValues.INTEGER_TYPES.length;
  private static final long MIN56 = -InlineValues.OFFSET56;
  private static final long MAX56 = InlineValues.OFFSET56 - 1;
  private static final double DECIMAL_UNIT = Math.pow(10, InlineValues.DECIMAL_SCALE);

  private ValueRanges() {}

  /**
   * Pairs {@code [lo id, hi id]}, ascending and disjoint, covering the numbers in {@code [lo, hi]}
   * (either may be infinite). Empty if {@code lo > hi}; null if a bound is NaN (no range known).
   */
  public static long[] numeric(double lo, double hi) {
    if (Double.isNaN(lo) || Double.isNaN(hi)) {
      return null;
    }
    if (lo > hi) {
      return new long[0];
    }
    // One ulp outwards: a bound computed from an integer or a decimal may have been rounded.
    double l = Math.nextDown(lo);
    double h = Math.nextUp(hi);
    long[] out = new long[2 * (INTEGER_TAGS + 4)];
    int n = 0;
    // The term table: tag 0, below every inline tag.
    out[n++] = NodeIds.ofTermOffset(0);
    out[n++] = NodeIds.lastOfTag(NodeIds.TAG_TERM);
    long il = clamp(Math.floor(l));
    long ih = clamp(Math.ceil(h));
    if (il <= ih) {
      for (int t = 0; t < INTEGER_TAGS; t++) {
        out[n++] = signed(InlineValues.TAG_INTEGER + t, il);
        out[n++] = signed(InlineValues.TAG_INTEGER + t, ih);
      }
    }
    long dl = clamp(Math.floor(l * DECIMAL_UNIT));
    long dh = clamp(Math.ceil(h * DECIMAL_UNIT));
    if (dl <= dh) {
      out[n++] = signed(InlineValues.TAG_DECIMAL, dl);
      out[n++] = signed(InlineValues.TAG_DECIMAL, dh);
    }
    // Doubles and floats: the order-preserving key of the bound, truncated as ids are; a value
    // between two bounds has a key between theirs (the mapping is monotone, not strictly).
    out[n++] = NodeIds.make(InlineValues.TAG_DOUBLE, doubleKey(l));
    out[n++] = NodeIds.make(InlineValues.TAG_DOUBLE, doubleKey(h));
    out[n++] = NodeIds.make(InlineValues.TAG_FLOAT, floatKey(Math.nextDown((float) l)));
    out[n++] = NodeIds.make(InlineValues.TAG_FLOAT, floatKey(Math.nextUp((float) h)));
    return Arrays.copyOf(out, n);
  }

  private static long clamp(double v) {
    // A double beyond the long range saturates in the cast; then to the 56 bits ids hold.
    return Math.max(MIN56, Math.min(MAX56, (long) v));
  }

  private static long signed(int tag, long v) {
    return NodeIds.make(tag, v + InlineValues.OFFSET56);
  }

  private static long doubleKey(double d) {
    return InlineValues.orderable56(Double.doubleToLongBits(d) >> 8);
  }

  private static long floatKey(float f) {
    return InlineValues.orderable(Float.floatToIntBits(f));
  }

  // A value without a time zone compares with one that has a zone only if they are more than 14
  // hours apart; within that, either may be the smaller. Ranges reach that far beyond the bounds.
  private static final long ZONE_MARGIN_MILLIS = 14 * 3600_000L;
  private static final long ZONE_MARGIN_DAYS = 1;

  /**
   * Pairs {@code [lo id, hi id]} covering the xsd:dateTime or xsd:date values between two inline
   * ids of that type ({@link NodeIds#NONE} for an open side), whatever their time zones; null if a
   * bound is not an inline value of that type.
   */
  public static long[] temporal(int tag, long lo, long hi) {
    long margin =
        tag == InlineValues.TAG_DATETIME
            ? ZONE_MARGIN_MILLIS
            : tag == InlineValues.TAG_DATE ? ZONE_MARGIN_DAYS : -1;
    if (margin < 0
        || (lo != NodeIds.NONE && NodeIds.tag(lo) != tag)
        || (hi != NodeIds.NONE && NodeIds.tag(hi) != tag)) {
      return null;
    }
    // Payloads are (instant << 7) | zone: the instant is in UTC, the zone only says how to print.
    long max = NodeIds.PAYLOAD_MASK >>> 7;
    long from = lo == NodeIds.NONE ? 0 : Math.max(0, (NodeIds.payload(lo) >>> 7) - margin);
    long to = hi == NodeIds.NONE ? max : Math.min(max, (NodeIds.payload(hi) >>> 7) + margin);
    if (from > to) {
      return new long[0];
    }
    return new long[] {
      NodeIds.ofTermOffset(0),
      NodeIds.lastOfTag(NodeIds.TAG_TERM),
      NodeIds.make(tag, from << 7),
      NodeIds.make(tag, (to << 7) | 0x7F)
    };
  }
}
