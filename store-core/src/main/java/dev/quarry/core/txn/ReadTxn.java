package dev.quarry.core.txn;

/** A reader's snapshot: the committed state it began on, unchanged until it ends. */
public final class ReadTxn {
  final Snapshot state;
  boolean ended;

  ReadTxn(Snapshot state) {
    this.state = state;
  }

  public Snapshot state() {
    return state;
  }
}
