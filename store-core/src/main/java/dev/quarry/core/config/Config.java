package dev.quarry.core.config;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.snakeyaml.engine.v2.api.Load;
import org.snakeyaml.engine.v2.api.LoadSettings;
import org.snakeyaml.engine.v2.exceptions.YamlEngineException;

/**
 * Quarry's configuration: a flat map of dotted keys ({@code server.port}) to values.
 *
 * <p>The defaults are the {@code quarry.yaml} of the {@code config} module, found on the classpath;
 * they also define which keys exist. A user file and command-line overrides are laid over them, and
 * a key the defaults do not have is an error, so that a typo is reported instead of ignored.
 */
public final class Config {
  private static final String DEFAULTS_RESOURCE = "/quarry.yaml";
  private static final Pattern SIZE = Pattern.compile("(\\d+)\\s*([kmgt]?i?b?)?");
  private static final Pattern DURATION = Pattern.compile("(\\d+)\\s*(ms|s|m|h)?");

  private final Map<String, String> values;

  private Config(Map<String, String> values) {
    this.values = Collections.unmodifiableMap(values);
  }

  /**
   * The built-in defaults, with any system property {@code quarry.<option>} laid over them (so a
   * whole test run can use, say, {@code -Dquarry.store.buffers=256}).
   */
  public static Config defaults() {
    try (InputStream in = Config.class.getResourceAsStream(DEFAULTS_RESOURCE)) {
      if (in == null) {
        throw new ConfigException(
            "the default configuration " + DEFAULTS_RESOURCE + " is not on the classpath");
      }
      Map<String, String> values = flatten(parse(in, "built-in " + DEFAULTS_RESOURCE));
      for (var e : values.entrySet()) {
        String v = System.getProperty("quarry." + e.getKey());
        if (v != null && !v.isBlank()) {
          e.setValue(v.trim());
        }
      }
      return new Config(values);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The defaults with the options of a YAML file laid over them. */
  public static Config load(Path file) {
    return defaults().withFile(file);
  }

  /** This configuration with the options of a YAML file laid over it. */
  public Config withFile(Path file) {
    try (InputStream in = Files.newInputStream(file)) {
      return with(flatten(parse(in, file.toString())), file.toString());
    } catch (NoSuchFileException e) {
      throw new ConfigException("configuration file not found: " + file);
    } catch (IOException e) {
      throw new ConfigException("cannot read configuration file " + file + ": " + e.getMessage());
    }
  }

  /** This configuration with one option changed ({@code key} as in the YAML, dotted). */
  public Config with(String key, Object value) {
    return with(Map.of(key, String.valueOf(value)), "override");
  }

  /** This configuration with {@code key=value} overrides, as given by {@code --set}. */
  public Config withOverride(String assignment) {
    int eq = assignment.indexOf('=');
    if (eq <= 0) {
      throw new ConfigException("expected key=value, got '" + assignment + "'");
    }
    return with(assignment.substring(0, eq).trim(), assignment.substring(eq + 1).trim());
  }

  private Config with(Map<String, String> overrides, String source) {
    Map<String, String> merged = new LinkedHashMap<>(values);
    for (var e : overrides.entrySet()) {
      if (!values.containsKey(e.getKey())) {
        throw new ConfigException(
            "unknown option '" + e.getKey() + "' in " + source + " (see config/quarry.yaml)");
      }
      merged.put(e.getKey(), e.getValue());
    }
    return new Config(merged);
  }

  public String getString(String key) {
    String v = values.get(key);
    if (v == null) {
      throw new ConfigException("no option '" + key + "' in the configuration");
    }
    return v;
  }

  public int getInt(String key) {
    return (int) getLong(key);
  }

  public long getLong(String key) {
    String v = getString(key);
    try {
      return Long.parseLong(v);
    } catch (NumberFormatException e) {
      throw new ConfigException("option '" + key + "' must be a whole number, got '" + v + "'");
    }
  }

  public boolean getBoolean(String key) {
    String v = getString(key).toLowerCase(Locale.ROOT);
    return switch (v) {
      case "true", "yes", "on" -> true;
      case "false", "no", "off" -> false;
      default ->
          throw new ConfigException("option '" + key + "' must be true or false, got '" + v + "'");
    };
  }

  /** A byte size: {@code 4096}, {@code 64KB}, {@code 16MB}, {@code 2GiB} (units of 1024). */
  public long getBytes(String key) {
    return parseBytes(getString(key), key);
  }

  /** Parses a byte size as {@link #getBytes} does; {@code key} names it in the error. */
  public static long parseBytes(String value, String key) {
    String v = value.trim().toLowerCase(Locale.ROOT);
    Matcher m = SIZE.matcher(v);
    if (!m.matches()) {
      throw new ConfigException("option '" + key + "' must be a size like 16MB, got '" + v + "'");
    }
    long n = Long.parseLong(m.group(1));
    String unit = m.group(2) == null || m.group(2).isEmpty() ? "b" : m.group(2).substring(0, 1);
    int shift =
        switch (unit) {
          case "k" -> 10;
          case "m" -> 20;
          case "g" -> 30;
          case "t" -> 40;
          default -> 0;
        };
    return n << shift;
  }

  /** A duration: {@code 500ms}, {@code 60s}, {@code 5m}, {@code 1h}; a bare number is seconds. */
  public Duration getDuration(String key) {
    String v = getString(key).trim().toLowerCase(Locale.ROOT);
    Matcher m = DURATION.matcher(v);
    if (!m.matches()) {
      throw new ConfigException(
          "option '" + key + "' must be a duration like 60s, got '" + v + "'");
    }
    long n = Long.parseLong(m.group(1));
    String unit = m.group(2) == null ? "s" : m.group(2);
    return switch (unit) {
      case "ms" -> Duration.ofMillis(n);
      case "m" -> Duration.ofMinutes(n);
      case "h" -> Duration.ofHours(n);
      default -> Duration.ofSeconds(n);
    };
  }

  /** All options, dotted key to value, in file order. */
  public Map<String, String> asMap() {
    return values;
  }

  private static Object parse(InputStream in, String source) {
    try {
      return new Load(LoadSettings.builder().setLabel(source).build()).loadFromInputStream(in);
    } catch (YamlEngineException e) {
      throw new ConfigException("bad YAML in " + source + ": " + e.getMessage());
    }
  }

  private static Map<String, String> flatten(Object yaml) {
    Map<String, String> out = new LinkedHashMap<>();
    if (yaml != null) {
      flatten("", yaml, out);
    }
    return out;
  }

  private static void flatten(String prefix, Object node, Map<String, String> out) {
    if (node instanceof Map<?, ?> map) {
      for (var e : map.entrySet()) {
        String key = prefix.isEmpty() ? String.valueOf(e.getKey()) : prefix + "." + e.getKey();
        flatten(key, e.getValue(), out);
      }
    } else {
      out.put(prefix, node == null ? "" : String.valueOf(node));
    }
  }
}
