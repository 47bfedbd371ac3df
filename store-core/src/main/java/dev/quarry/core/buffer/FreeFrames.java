package dev.quarry.core.buffer;

/** Frames that hold no page: all of them at first, then those given back. A plain locked stack. */
final class FreeFrames {
  private final int[] stack;
  private int size;

  FreeFrames(int frames) {
    stack = new int[frames];
    for (int i = 0; i < frames; i++) {
      stack[i] = frames - 1 - i; // pop 0 first
    }
    size = frames;
  }

  synchronized int pop() {
    return size == 0 ? -1 : stack[--size];
  }

  synchronized void push(int frame) {
    stack[size++] = frame;
  }
}
