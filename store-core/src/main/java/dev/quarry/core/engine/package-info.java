/**
 * The paged engine's wiring: opening a store (page store, buffer pool, space map, dictionary,
 * indexes, statistics, transactions; the sweep of leaked pages), its root slots and segment owners
 * ({@code Layout}), the index SPI over it ({@code PagedBackend}), bulk load and the integrity
 * check. It implements {@link dev.quarry.core.Store} and registers as backend {@code paged}.
 *
 * <p>May use: every layer below, the API package and {@code jena}.
 */
package dev.quarry.core.engine;
