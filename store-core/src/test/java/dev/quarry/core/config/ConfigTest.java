package dev.quarry.core.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ConfigTest {
  @TempDir Path dir;

  @Test
  void defaultsComeFromTheConfigModulesFile() {
    Config c = Config.defaults();
    assertEquals("127.0.0.1", c.getString("server.host"), "loopback unless configured");
    assertEquals(7878, c.getInt("server.port"));
    assertFalse(c.getBoolean("update.enabled"), "updates off unless configured");
    assertFalse(c.getBoolean("remote.allow-service"));
    assertFalse(c.getBoolean("remote.allow-load-urls"));
    assertEquals(16L << 20, c.getBytes("limits.max-request-bytes"));
    assertEquals(Duration.ofSeconds(60), c.getDuration("limits.query-timeout"));
  }

  @Test
  void aFileOverridesOnlyWhatItNames() throws Exception {
    Path f = dir.resolve("q.yaml");
    Files.writeString(f, "server:\n  port: 9999\nupdate:\n  enabled: yes\n");
    Config c = Config.load(f);
    assertEquals(9999, c.getInt("server.port"));
    assertTrue(c.getBoolean("update.enabled"));
    assertEquals("127.0.0.1", c.getString("server.host"));
  }

  @Test
  void anUnknownOptionIsAnErrorThatNamesIt() throws Exception {
    Path f = dir.resolve("typo.yaml");
    Files.writeString(f, "server:\n  prot: 9999\n");
    ConfigException e = assertThrows(ConfigException.class, () -> Config.load(f));
    assertTrue(e.getMessage().contains("server.prot"), e.getMessage());
    assertThrows(ConfigException.class, () -> Config.defaults().withOverride("nope=1"));
  }

  @Test
  void valuesOfTheWrongKindSayWhichOption() {
    Config c = Config.defaults().withOverride("server.port=eighty");
    ConfigException e = assertThrows(ConfigException.class, () -> c.getInt("server.port"));
    assertTrue(e.getMessage().contains("server.port"), e.getMessage());
    assertThrows(
        ConfigException.class,
        () -> Config.defaults().withOverride("update.enabled=maybe").getBoolean("update.enabled"));
  }

  @Test
  void sizesAndDurationsHaveUnits() {
    Config c =
        Config.defaults()
            .withOverride("limits.max-request-bytes=64KB")
            .withOverride("limits.query-timeout=250ms");
    assertEquals(64 * 1024, c.getBytes("limits.max-request-bytes"));
    assertEquals(Duration.ofMillis(250), c.getDuration("limits.query-timeout"));
    assertEquals(
        Duration.ofMinutes(5),
        c.withOverride("limits.query-timeout=5m").getDuration("limits.query-timeout"));
    assertEquals(
        2L << 30,
        c.withOverride("limits.max-request-bytes=2GiB").getBytes("limits.max-request-bytes"));
  }

  @Test
  void badYamlIsReportedWithTheFileName() throws Exception {
    Path f = dir.resolve("bad.yaml");
    Files.writeString(f, "server: [unclosed\n");
    ConfigException e = assertThrows(ConfigException.class, () -> Config.load(f));
    assertTrue(e.getMessage().contains("bad.yaml"), e.getMessage());
  }
}
