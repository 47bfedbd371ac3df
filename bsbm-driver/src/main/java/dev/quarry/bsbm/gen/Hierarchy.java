package dev.quarry.bsbm.gen;

/**
 * The shape of BSBM's product type tree for a product count: a complete tree numbered breadth first
 * (root = 1, leaves last), and the range of features a type at each depth owns. The float
 * arithmetic is bsbmtools' own: near a boundary it decides the depth.
 */
final class Hierarchy {
  /** Levels below the root; the leaves are at this depth. */
  final int depth;

  /** Children per node at each depth (index 0 = the root). */
  final int[] branching;

  /** The highest type number on each level, root level first ({@code M} in pth.dat). */
  final int[] levelEnds;

  Hierarchy(int products) {
    float s = (float) Math.log10(Math.max(products, 10));
    depth = Math.round(s / 2) + 1;
    branching = new int[depth];
    for (int d = 0; d < depth; d++) {
      branching[d] = 8;
    }
    branching[depth - 1] = new int[] {2, 4, 8}[Math.round(s * 3 / 2 + 1) % 3];
    branching[0] = 2 * Math.round(s);
    levelEnds = new int[depth + 1];
    levelEnds[0] = 1;
    int width = 1;
    for (int d = 0; d < depth; d++) {
      width *= branching[d];
      levelEnds[d + 1] = levelEnds[d] + width;
    }
  }

  int typeCount() {
    return levelEnds[depth];
  }

  int firstLeaf() {
    return levelEnds[depth - 1] + 1;
  }

  int leafCount() {
    return levelEnds[depth] - levelEnds[depth - 1];
  }

  int depthOf(int type) {
    int d = 0;
    while (type > levelEnds[d]) {
      d++;
    }
    return d;
  }

  /** The parent's number, or 0 for the root. */
  int parentOf(int type) {
    int d = depthOf(type);
    if (d == 0) {
      return 0;
    }
    int levelStart = d == 1 ? 2 : levelEnds[d - 1] + 1;
    int parentLevelStart = d == 1 ? 1 : levelEnds[d - 2] + 1;
    return parentLevelStart + (type - levelStart) / branching[d - 1];
  }

  /** Features owned by a type at depth {@code d >= 1}: {@code [min, max]}. Leaves use D-1's. */
  int[] featureRange(int d) {
    int k = Math.min(d, depth - 1) + 1;
    int s = depth * (depth + 1) / 2 - 1;
    return new int[] {35 * k / s, 75 * k / s};
  }
}
