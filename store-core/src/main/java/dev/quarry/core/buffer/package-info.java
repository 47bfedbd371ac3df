/**
 * The buffer pool: off-heap frames, optimistic latches, the page table, CLOCK replacement,
 * write-back, read-ahead (extent, batched, sequential) and their counters.
 *
 * <p>May use: {@code storage}, {@code config}.
 */
package dev.quarry.core.buffer;
