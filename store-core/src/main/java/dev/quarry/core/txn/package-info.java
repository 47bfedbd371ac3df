/**
 * Transactions: snapshots for readers, the single writer, group commit, recovery of freed pages. A
 * committed state is a {@link dev.quarry.core.txn.RootCatalog} of named slots plus the values
 * components publish with it; components take part in commit and rollback as {@link
 * dev.quarry.core.txn.TxnParticipant}s. This layer knows roots and pages, not terms or quads.
 *
 * <p>May use: {@code btree} (the allocator interface), {@code buffer}, {@code storage}.
 */
package dev.quarry.core.txn;
