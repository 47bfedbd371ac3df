/**
 * Quarry's public API: {@link dev.quarry.core.Store} (a store as a Jena dataset, bulk load, check,
 * explain, metrics) and {@link dev.quarry.core.Quarry} (opening one); {@link
 * dev.quarry.core.StoreProvider} is how a backend registers itself. Everything outside store-core
 * uses this package, {@code config} and {@code storage.StoreException} only.
 *
 * <p>May use: {@code config}, {@code storage} (the directory marker, the error), {@code query}
 * (explain, the inference setting). Backends are found at run time, never imported.
 */
package dev.quarry.core;
