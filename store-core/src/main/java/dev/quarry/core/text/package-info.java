/**
 * Full-text search of string literals with Apache Lucene, committed with the store: a document per
 * literal id (its text, language and the predicates it is an object of), changed in the same commit
 * as the quads and published with that commit's snapshot, so a reader searches exactly its own
 * state. The engine wires it ({@code TextIndex} is a transaction participant); the executor sees it
 * through the index SPI's {@link dev.quarry.core.index.spi.TextSearch}.
 *
 * <p>May use: the index SPI, txn (participant, snapshots), dict (id tags), config.
 */
package dev.quarry.core.text;
