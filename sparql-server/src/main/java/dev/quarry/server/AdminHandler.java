package dev.quarry.server;

import dev.quarry.core.CheckReport;
import dev.quarry.core.Store;
import dev.quarry.core.StoreStats;
import java.util.stream.Collectors;

/**
 * The administrative reads under {@code /$/}: what the store holds ({@code GET /$/stats}) and its
 * integrity check ({@code POST /$/check}, a full pass over the indexes, in a read transaction while
 * queries and updates go on), both as JSON, so that {@code quarry stats} and {@code quarry check}
 * work on a store a running server holds.
 */
final class AdminHandler {
  static final String STATS = "/$/stats";
  static final String CHECK = "/$/check";

  private final Store store;

  AdminHandler(Store store) {
    this.store = store;
  }

  String statsJson() {
    StoreStats st = store.stats();
    return "{\"location\":"
        + quote(store.location().map(Object::toString).orElse("(memory)"))
        + ",\"backend\":"
        + quote(store.backend())
        + ",\"quads\":"
        + st.quads()
        + ",\"graphs\":"
        + st.graphs()
        + ",\"terms\":"
        + st.terms()
        + ",\"bytes\":"
        + st.bytesOnDisk()
        + "}\n";
  }

  String checkJson() {
    CheckReport r = store.check();
    return "{\"sound\":"
        + r.sound()
        + ",\"checked\":"
        + quote(r.checked())
        + ",\"problems\":["
        + r.problems().stream().map(AdminHandler::quote).collect(Collectors.joining(","))
        + "]}\n";
  }

  static String quote(String s) {
    StringBuilder b = new StringBuilder("\"");
    for (char c : s.toCharArray()) {
      switch (c) {
        case '"' -> b.append("\\\"");
        case '\\' -> b.append("\\\\");
        case '\n' -> b.append("\\n");
        case '\r' -> b.append("\\r");
        case '\t' -> b.append("\\t");
        default -> {
          if (c < 0x20) {
            b.append(String.format("\\u%04x", (int) c));
          } else {
            b.append(c);
          }
        }
      }
    }
    return b.append('"').toString();
  }
}
