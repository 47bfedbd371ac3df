/**
 * The paged engine's quad indexes: the one owner of the quad layout ({@link
 * dev.quarry.core.index.QuadOrder}: PSOG, POGS, SP, OP, GS, which columns in which order), the
 * trees ({@link dev.quarry.core.index.QuadIndexes}) and their reads (patterns, vectored lookups),
 * every write to them on the trickle and the bulk path ({@link dev.quarry.core.index.QuadWriter}),
 * and the statistics ({@link dev.quarry.core.index.StatsTrees}, a transaction participant).
 *
 * <p>May use: {@code index.spi}, {@code dict}, {@code txn}, {@code btree}, {@code buffer}.
 */
package dev.quarry.core.index;
