/**
 * The Jena adapter: any backend of the index SPI as a transactional Jena {@code DatasetGraph}, with
 * Quarry's executor registered for it, and the mapping of ARQ's active graph (a named graph, a
 * read-only view, one FROM graph) to a graph the executor can read.
 *
 * <p>May use: {@code index.spi}, {@code query}.
 */
package dev.quarry.core.jena;
