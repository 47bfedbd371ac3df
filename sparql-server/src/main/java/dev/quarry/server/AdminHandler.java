package dev.quarry.server;

import dev.quarry.core.Backup;
import dev.quarry.core.CheckReport;
import dev.quarry.core.Store;
import dev.quarry.core.StoreStats;
import dev.quarry.server.http.HttpError;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.QueryStringDecoder;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The administrative requests under {@code /$/}: what the store holds ({@code GET /$/stats}), its
 * integrity check ({@code POST /$/check}, a full pass over the indexes, in a read transaction while
 * queries and updates go on), both as JSON, and a physical backup ({@code POST /$/backup}), so that
 * {@code quarry stats}, {@code check} and {@code backup} work on a store a running server holds.
 */
final class AdminHandler {
  static final String STATS = "/$/stats";
  static final String CHECK = "/$/check";
  static final String BACKUP = "/$/backup";
  static final String BACKUP_TYPE = "application/vnd.quarry.backup";

  private final Store store;

  AdminHandler(Store store) {
    this.store = store;
  }

  String statsJson() {
    StoreStats st = store.stats();
    return "{\"location\":"
        + quote(store.location().map(Object::toString).orElse("(no directory)"))
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

  /**
   * {@code POST /$/backup}: streams a physical backup of the state committed now (see {@link
   * Backup}); with the manifest of an earlier backup of this store as the body, only what changed
   * since ({@code ?previous=NAME} names that backup's file in the new manifest). 409 if the body is
   * not an earlier backup of this store, 501 for a memory store.
   */
  void backup(ChannelHandlerContext ctx, FullHttpRequest req, boolean keepAlive) {
    Backup.Manifest since = null;
    String previous =
        new QueryStringDecoder(req.uri())
            .parameters()
            .getOrDefault("previous", List.of("previous"))
            .get(0);
    if (req.content().readableBytes() > 0) {
      byte[] body = new byte[req.content().readableBytes()];
      req.content().getBytes(req.content().readerIndex(), body);
      try {
        since = Backup.Manifest.fromBytes(body);
      } catch (IOException e) {
        throw new HttpError(
            HttpResponseStatus.BAD_REQUEST, "the body is not a backup manifest: " + e.getMessage());
      }
    }
    ResponseStream out = new ResponseStream(ctx, BACKUP_TYPE, keepAlive);
    try {
      store.backup(out, since, previous);
      out.finish();
    } catch (IllegalArgumentException e) {
      out.abandon();
      throw new HttpError(HttpResponseStatus.CONFLICT, e.getMessage());
    } catch (UnsupportedOperationException e) {
      out.abandon();
      throw new HttpError(HttpResponseStatus.NOT_IMPLEMENTED, e.getMessage());
    } catch (IOException e) {
      out.abandon();
      throw new UncheckedIOException("backup failed: " + e.getMessage(), e);
    }
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
