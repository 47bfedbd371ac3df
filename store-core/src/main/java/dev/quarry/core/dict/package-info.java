/**
 * Terms and ids: {@link dev.quarry.core.dict.NodeIds} (64-bit ids, tags), inline values in value
 * order, {@link dev.quarry.core.dict.ValueRanges} (the id ranges of a value interval), the term
 * table and its hash index ({@link dev.quarry.core.dict.Dictionary}, a transaction participant).
 * The executor may use the id functions (NodeIds, InlineValues, ValueRanges), nothing else here.
 *
 * <p>May use: {@code btree}, {@code txn}.
 */
package dev.quarry.core.dict;
