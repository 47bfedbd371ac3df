package dev.quarry.core.txn;

import java.io.IOException;

/**
 * A component whose state is part of each commit, besides the pages every tree writes through the
 * transaction's allocators: the dictionary (its term file and hash index), the statistics (their
 * trees and the figures readers plan with). The transaction layer calls these in this order:
 *
 * <ol>
 *   <li>{@link #changed}: whether the writer changed something here (a commit with no change
 *       anywhere is skipped);
 *   <li>{@link #prepare}, under the writer lock: write the transaction's changes into its root
 *       slots ({@link WriteTxn#setRoot}) and publish what readers of the new state need ({@link
 *       WriteTxn#publish});
 *   <li>{@link #committed}: the commit is the next writer's base (not yet durable);
 *   <li>{@link #force}, before the pages are flushed and the roots switched: make the participant's
 *       own files durable up to every commit made so far.
 * </ol>
 *
 * Or, if the writer aborts, {@link #rollback}: forget everything the transaction did here.
 */
public interface TxnParticipant {
  default boolean changed(WriteTxn w) {
    return false;
  }

  void prepare(WriteTxn w);

  default void committed(WriteTxn w) {}

  default void force() throws IOException {}

  void rollback(WriteTxn w) throws IOException;

  /**
   * No reader can see a state older than {@code generation} any more (nor will: new readers begin
   * on the latest durable state): what the participant published for those states may go.
   */
  default void unseenBefore(long generation) {}
}
