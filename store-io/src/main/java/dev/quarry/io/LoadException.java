package dev.quarry.io;

/**
 * A load that failed, and where: the source (a file name, or what the data came from), and the line
 * and column the parser had reached (-1 when unknown). Nothing of a failed load is kept.
 */
public final class LoadException extends RuntimeException {
  private final String source;
  private final long line;
  private final long column;

  public LoadException(String source, long line, long column, String message) {
    super(message);
    this.source = source;
    this.line = line;
    this.column = column;
  }

  public String source() {
    return source;
  }

  public long line() {
    return line;
  }

  public long column() {
    return column;
  }

  /** One line for people: {@code data.ttl:12:7: Expected '.', found 'x'}. */
  public String describe() {
    StringBuilder sb = new StringBuilder(source);
    if (line >= 0) {
      sb.append(':').append(line);
      if (column >= 0) {
        sb.append(':').append(column);
      }
    }
    return sb.append(": ").append(getMessage()).toString();
  }
}
