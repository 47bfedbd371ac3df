package dev.quarry.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.quarry.core.config.Config;
import dev.quarry.core.config.ConfigException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Query threads run niced, so that the JIT's compiler threads get their share of the CPU. */
@Timeout(30)
class QueryThreadsTest {
  static final Path SELF = Path.of("/proc/thread-self/stat");

  /** The calling thread's nice value, as the kernel has it (field 19 of its stat line). */
  static int niceOfThisThread() {
    try {
      String stat = Files.readString(SELF);
      String[] after = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
      return Integer.parseInt(after[16]); // fields from 3 (state) on: nice is field 19
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }

  private static int niceOfAThreadFrom(QueryThreads threads) throws Exception {
    CompletableFuture<Integer> nice = new CompletableFuture<>();
    Thread t = threads.newThread(() -> nice.complete(niceOfThisThread()));
    t.start();
    t.join();
    return nice.get(10, TimeUnit.SECONDS);
  }

  @Test
  void aQueryThreadRunsAtTheConfiguredNiceAboveItsMaker() throws Exception {
    assumeTrue(Files.isReadable(SELF), "needs Linux's /proc/thread-self");
    int base = niceOfThisThread();
    assumeTrue(base <= 12, "the test JVM already runs at nice " + base);
    assertEquals(base + 7, niceOfAThreadFrom(new QueryThreads(7, "quarry-query-")));
    assertEquals(base, niceOfThisThread(), "the maker's own priority is left alone");
  }

  /**
   * The nice is added to the maker's, not set: a server started under nice 3 runs queries at 10.
   */
  @Test
  void theNiceIsAddedToAnAlreadyNicedMakers() throws Exception {
    assumeTrue(Files.isReadable(SELF), "needs Linux's /proc/thread-self");
    int base = niceOfThisThread();
    assumeTrue(base <= 9, "the test JVM already runs at nice " + base);
    CompletableFuture<Integer> nice = new CompletableFuture<>();
    Thread maker =
        new Thread(
            () -> {
              try {
                assertTrue(QueryThreads.lowerThisThread(3));
                nice.complete(niceOfAThreadFrom(new QueryThreads(7, "quarry-query-")));
              } catch (Throwable e) {
                nice.completeExceptionally(e);
              }
            });
    maker.start();
    maker.join();
    assertEquals(base + 10, nice.get(10, TimeUnit.SECONDS));
  }

  @Test
  void niceZeroLeavesTheThreadAsTheJvmMadeIt() throws Exception {
    assumeTrue(Files.isReadable(SELF), "needs Linux's /proc/thread-self");
    assertEquals(niceOfThisThread(), niceOfAThreadFrom(new QueryThreads(0, "quarry-query-")));
  }

  @Test
  void threadsAreNamedDaemons() {
    Thread t = new QueryThreads(10, "quarry-query-").newThread(() -> {});
    assertTrue(t.isDaemon());
    assertEquals("quarry-query-1", t.getName());
  }

  @Test
  void threadsOfAStartPoolAreNamedForIt() {
    assertEquals(
        "quarry-query-start-1",
        new QueryThreads(10, "quarry-query-start-").newThread(() -> {}).getName());
  }

  @Test
  void theDefaultIsOffAndValuesOutsideLinuxsRangeAreRefused() {
    assertEquals(0, ServerConfig.from(Config.defaults()).queryNice());
    assertEquals(10, ServerConfig.from(Config.defaults()).queryNiceAtStart());
    assertEquals(
        10, ServerConfig.from(Config.defaults().with("server.query-nice", 10)).queryNice());
    for (String key : new String[] {"server.query-nice", "server.query-nice-at-start"}) {
      for (int bad : new int[] {-1, 20}) {
        ConfigException e =
            assertThrows(
                ConfigException.class, () -> ServerConfig.from(Config.defaults().with(key, bad)));
        assertTrue(e.getMessage().contains(key), e.getMessage());
      }
    }
  }

  @Test
  void autoIsFourThreadsPerCoreAndANumberIsTakenAsItIs() {
    assertEquals("auto", Config.defaults().getString("server.query-threads"));
    assertEquals(8, ServerConfig.queryThreads(Config.defaults(), 2));
    assertEquals(64, ServerConfig.queryThreads(Config.defaults(), 16));
    assertEquals(4, ServerConfig.queryThreads(Config.defaults(), 0)); // no core reported: one
    Config sixteen = Config.defaults().with("server.query-threads", 16);
    assertEquals(16, ServerConfig.queryThreads(sixteen, 2));
    assertEquals(
        1, ServerConfig.queryThreads(Config.defaults().with("server.query-threads", 0), 2));
    assertEquals(
        4 * Runtime.getRuntime().availableProcessors(),
        ServerConfig.from(Config.defaults()).queryThreads());
    ConfigException e =
        assertThrows(
            ConfigException.class,
            () ->
                ServerConfig.queryThreads(
                    Config.defaults().with("server.query-threads", "many"), 2));
    assertTrue(e.getMessage().contains("server.query-threads"), e.getMessage());
  }
}
