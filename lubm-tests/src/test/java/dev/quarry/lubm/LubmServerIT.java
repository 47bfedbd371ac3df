package dev.quarry.lubm;

import dev.quarry.core.Quarry;
import dev.quarry.core.Store;
import dev.quarry.core.config.Config;
import dev.quarry.server.QuarryServer;
import dev.quarry.server.ServerConfig;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** The LUBM checks over HTTP against the real server on a free loopback port, fresh file store. */
@Timeout(600)
class LubmServerIT extends AbstractLubmSuite {
  @TempDir static Path dir;
  static Store store;
  static QuarryServer server;
  static HttpTarget target;

  @BeforeAll
  static void start() throws InterruptedException {
    Config c =
        Config.defaults()
            .with("store.location", dir.resolve("store"))
            .with("server.port", 0)
            .with("update.enabled", true);
    store = Quarry.open(c);
    server = QuarryServer.start(store, ServerConfig.from(c));
    target = new HttpTarget(server.endpoint(), store);
  }

  @AfterAll
  static void stop() {
    server.close();
    store.close();
  }

  @Override
  protected LubmTarget target() {
    return target;
  }
}
