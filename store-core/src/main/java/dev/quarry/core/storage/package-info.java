/**
 * The bottom layer: the {@link dev.quarry.core.storage.PageStore} SPI (8 KB pages, checksummed;
 * file and memory implementations), extents and the space map (which pages each segment owner
 * holds, and the opaque root switched atomically at commit), the store directory and its lock, and
 * {@link dev.quarry.core.storage.StoreException}.
 *
 * <p>May use: {@code config}.
 */
package dev.quarry.core.storage;
