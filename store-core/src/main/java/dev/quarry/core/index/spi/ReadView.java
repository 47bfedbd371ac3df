package dev.quarry.core.index.spi;

/** A reader's view: one committed state, unchanged by later commits, until {@link #end}. */
public interface ReadView extends QuadView {
  /** Ends the read; the view must not be used after. Ending twice is harmless. */
  void end();
}
