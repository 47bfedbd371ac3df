/**
 * The id operators: vectored pattern joins, merge and hash joins, filters on ids and as key ranges,
 * aggregates, ordering; rows of ids in batches, decoded only as they leave ({@link
 * dev.quarry.core.query.exec.TermSpace}, {@link dev.quarry.core.query.exec.RowBinding}).
 *
 * <p>May use: {@code query.rules}, {@code index.spi}, the id functions of {@code dict}.
 */
package dev.quarry.core.query.exec;
