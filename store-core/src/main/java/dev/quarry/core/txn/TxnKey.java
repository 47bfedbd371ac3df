package dev.quarry.core.txn;

/**
 * Names a value a component keeps per transaction ({@link WriteTxn#get}) or publishes with a
 * committed state ({@link Snapshot#value}): keys compare by identity, one static key per kind of
 * value.
 */
public final class TxnKey<T> {
  private final String name;

  public TxnKey(String name) {
    this.name = name;
  }

  @Override
  public String toString() {
    return name;
  }
}
