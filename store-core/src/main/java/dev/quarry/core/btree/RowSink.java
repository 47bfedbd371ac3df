package dev.quarry.core.btree;

/** Receives rows from a scan or lookup: the row is {@code rows[at .. at+width-1]}. */
@FunctionalInterface
public interface RowSink {
  /** Returns false to stop. */
  boolean accept(int probe, long[] rows, int at);
}
