/**
 * Quarry's executor under Jena ARQ: {@link dev.quarry.core.query.QuarryOpExecutor} takes the
 * operators the planner can run on ids, {@link dev.quarry.core.query.Explain} shows how a query
 * ran, and DESCRIBE has its own handler. It sees the data only through the index SPI.
 *
 * <p>May use: {@code query.plan}, {@code query.exec}, {@code query.rules}, {@code index.spi}.
 */
package dev.quarry.core.query;
