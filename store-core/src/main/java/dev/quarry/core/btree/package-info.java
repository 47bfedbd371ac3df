/**
 * Copy-on-write B+trees over fixed-width rows of unsigned longs: cursors, vectored lookups,
 * estimates, bulk build, compressed leaves. Pages come from a {@link
 * dev.quarry.core.btree.PageAllocator} the caller passes in; a tree knows no transaction.
 *
 * <p>May use: {@code buffer}, {@code storage}.
 */
package dev.quarry.core.btree;
