package dev.quarry.bsbm.driver;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The transactions of an update dataset, read in order: each block is every line up to the next
 * {@code #__SEP__} line, each followed by a newline. Once the file is used up, blocks are empty (an
 * empty INSERT DATA), as bsbmtools' driver does.
 */
final class UpdateBlocks implements AutoCloseable {
  static final String SEPARATOR = "#__SEP__";

  private final BufferedReader reader;

  UpdateBlocks(Path file) {
    try {
      this.reader = Files.newBufferedReader(file, StandardCharsets.US_ASCII);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the update dataset " + file, e);
    }
  }

  String next() {
    StringBuilder block = new StringBuilder(8192);
    try {
      for (String line; (line = reader.readLine()) != null; ) {
        if (line.equals(SEPARATOR)) {
          break;
        }
        block.append(line).append('\n');
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return block.toString();
  }

  @Override
  public void close() {
    try {
      reader.close();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
