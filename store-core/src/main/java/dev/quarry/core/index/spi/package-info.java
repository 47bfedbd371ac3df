/**
 * The index SPI: what the executor and the Jena adapter need of a storage backend, in quads,
 * batches and ranges ({@link dev.quarry.core.index.spi.QuadView}, {@link
 * dev.quarry.core.index.spi.QuadProbes}), with snapshot transactions ({@link
 * dev.quarry.core.index.spi.QuadBackend}). Implemented by the paged engine; a distributed backend
 * implements the same. Its contract test is {@code AbstractQuadBackendContractTest}.
 *
 * <p>May use: nothing of Quarry's (Jena's Node for terms).
 */
package dev.quarry.core.index.spi;
