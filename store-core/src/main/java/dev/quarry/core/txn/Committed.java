package dev.quarry.core.txn;

import dev.quarry.core.index.Roots;
import dev.quarry.core.index.Stats;

/** One committed state: its roots, its statistics, and its generation (commit number). */
public record Committed(Roots roots, Stats stats, long generation) {}
