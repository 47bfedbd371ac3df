/**
 * The planner: ARQ algebra to trees of id operators, patterns ordered by estimates from the index
 * SPI's statistics and counts.
 *
 * <p>May use: {@code query.exec}, {@code query.rules}, {@code index.spi}, the id functions of
 * {@code dict}.
 */
package dev.quarry.core.query.plan;
