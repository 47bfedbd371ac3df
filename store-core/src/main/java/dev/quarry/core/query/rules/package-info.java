/**
 * RDFS inference: the subclass and subproperty closure of one graph, cached per commit.
 *
 * <p>May use: {@code index.spi}.
 */
package dev.quarry.core.query.rules;
