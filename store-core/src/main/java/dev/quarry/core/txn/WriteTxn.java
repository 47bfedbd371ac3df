package dev.quarry.core.txn;

import dev.quarry.core.btree.PageAllocator;
import dev.quarry.core.buffer.BufferPool;
import dev.quarry.core.storage.SpaceMap;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The writer's transaction: a working copy of the root slots, one page allocator per segment owner
 * (pages it allocated are its own, changed in place; pages it released stay visible to earlier
 * snapshots until no reader can see them), and the components' working state ({@link #get}).
 */
public final class WriteTxn {
  final Snapshot base;
  final long[] roots;
  final TxnPages pages;
  private final Map<Integer, PageAllocator> allocators = new HashMap<>();
  private final Map<TxnKey<?>, Object> state = new IdentityHashMap<>();
  final Map<TxnKey<?>, Object> published = new IdentityHashMap<>();
  boolean changed;
  boolean ended;

  WriteTxn(Snapshot base, SpaceMap space, BufferPool pool) {
    this.base = base;
    this.pages = new TxnPages(space, pool, base.generation() + 1); // see Transactions.commit
    this.roots = base.roots().values();
  }

  /** The state this transaction started from. */
  public Snapshot base() {
    return base;
  }

  /**
   * The working root slots, changed in place by the components that own them (positions from {@link
   * RootCatalog#slot}).
   */
  public long[] roots() {
    return roots;
  }

  public long root(int slot) {
    return roots[slot];
  }

  public void setRoot(int slot, long value) {
    roots[slot] = value;
  }

  /** The allocator for the pages of segment owner {@code owner}. */
  public PageAllocator allocator(int owner) {
    return allocators.computeIfAbsent(owner, pages::allocator);
  }

  /** This transaction's value for {@code key}, made by {@code initial} on first use. */
  @SuppressWarnings("unchecked")
  public <T> T get(TxnKey<T> key, Supplier<T> initial) {
    return (T) state.computeIfAbsent(key, k -> initial.get());
  }

  /** This transaction's value for {@code key}, or null if none was made. */
  @SuppressWarnings("unchecked")
  public <T> T peek(TxnKey<T> key) {
    return (T) state.get(key);
  }

  public <T> void put(TxnKey<T> key, T value) {
    state.put(key, value);
  }

  /** At {@link TxnParticipant#prepare}: a value readers of the new state get from it. */
  public <T> void publish(TxnKey<T> key, T value) {
    published.put(key, value);
  }

  /** Something changed: the commit must be written. */
  public void markChanged() {
    changed = true;
  }
}
