/**
 * Memory bounds for queries: a pool all queries together draw from ({@link
 * dev.quarry.core.query.memory.MemoryPool}), each query's share of it ({@link
 * dev.quarry.core.query.memory.QueryMemory}), and the temporary files operators spill id rows to
 * when their share is spent ({@link dev.quarry.core.query.memory.SpillFile}).
 *
 * <p>Uses nothing of Quarry's: it is used by the executor and configured by whoever runs queries
 * (the server, or an embedding application through the query context).
 */
package dev.quarry.core.query.memory;
