package dev.quarry.core.txn;

/** A reader's snapshot: the committed state it began on, unchanged until it ends. */
public final class ReadTxn {
  final Committed state;
  boolean ended;

  ReadTxn(Committed state) {
    this.state = state;
  }

  public Committed state() {
    return state;
  }
}
