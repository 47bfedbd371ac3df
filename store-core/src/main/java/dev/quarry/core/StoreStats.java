package dev.quarry.core;

/**
 * What a store holds.
 *
 * @param quads quads in all graphs, the default graph included
 * @param graphs named graphs that hold at least one quad
 * @param terms distinct RDF terms used in quads
 * @param bytesOnDisk size of the store's files (0 for a memory store)
 */
public record StoreStats(long quads, long graphs, long terms, long bytesOnDisk) {}
