package dev.quarry.bsbm.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The memory-capped runs ({@code memcap.sh}, {@code compare.sh --memory-cap}): where no memory
 * cgroup can be made they say why and run nothing, since a run that claims a cap must have had one;
 * where one can (root, on this kind of machine), the command runs inside a group with that limit.
 * {@code MEMCAP_ROOT} stands in for {@code /sys/fs/cgroup} to show a machine without the
 * controller.
 */
@Timeout(60)
class MemoryCapTest {
  @TempDir Path dir;

  private record Run(int exit, String out, String err) {}

  private static Run run(Map<String, String> env, String... command)
      throws IOException, InterruptedException {
    List<String> cmd = new ArrayList<>(List.of("bash"));
    cmd.addAll(List.of(command));
    Path err = Files.createTempFile("memcap", ".err"); // a file: neither stream can fill its pipe
    try {
      ProcessBuilder pb = new ProcessBuilder(cmd).redirectError(err.toFile());
      pb.environment().putAll(env);
      Process p = pb.start();
      p.getOutputStream().close();
      byte[] out = p.getInputStream().readAllBytes();
      assertTrue(p.waitFor(30, TimeUnit.SECONDS), "finished");
      return new Run(p.exitValue(), new String(out, StandardCharsets.UTF_8), Files.readString(err));
    } finally {
      Files.deleteIfExists(err);
    }
  }

  private Map<String, String> without() {
    return Map.of("MEMCAP_ROOT", dir.resolve("cgroup").toString());
  }

  @Test
  void whereNoMemoryCgroupCanBeMadeItSaysWhyAndRunsNothing() throws Exception {
    Files.createDirectories(dir.resolve("cgroup"));
    Run check = run(without(), "memcap.sh", "--check");
    assertEquals(3, check.exit());
    assertTrue(check.err().contains("no memory cgroup controller is mounted"), check.err());

    Path ran = dir.resolve("ran");
    Run capped =
        run(without(), "memcap.sh", "--cap", "2GB", "--name", "t", "--", "touch", ran.toString());
    assertEquals(3, capped.exit(), capped.err());
    assertFalse(Files.exists(ran), "the command did not run uncapped");
  }

  @Test
  void aHierarchyWithoutTheMemoryControllerIsRefusedToo() throws Exception {
    Files.createDirectories(dir.resolve("cgroup"));
    Files.writeString(dir.resolve("cgroup/cgroup.controllers"), "cpuset cpu io pids\n");
    Run check = run(without(), "memcap.sh", "--check");
    assertEquals(3, check.exit());
    assertTrue(check.err().contains("memcap.sh:"), check.err());
  }

  @Test
  void compareRefusesACappedRunItCannotCap() throws Exception {
    Files.createDirectories(dir.resolve("cgroup"));
    Path work = dir.resolve("work");
    Run r =
        run(
            without(),
            "compare.sh",
            "-pc",
            "100",
            "--systems",
            "quarry",
            "--memory-cap",
            "2GB",
            "--work",
            work.toString());
    assertEquals(3, r.exit(), r.err());
    assertTrue(r.err().contains("--memory-cap needs a memory cgroup; nothing was run"), r.err());
    assertFalse(Files.exists(work), "no data generated, no store loaded, no server started");
  }

  @Test
  void whereOneCanBeMadeTheCommandRunsInAGroupWithItsLimit() throws Exception {
    assumeTrue(run(Map.of(), "memcap.sh", "--check").exit() == 0, "no memory cgroup here");
    String name = "quarry-test-memcap-" + ProcessHandle.current().pid();
    try {
      Run r =
          run(
              Map.of(),
              "memcap.sh",
              "--cap",
              "64MB",
              "--name",
              name,
              "--",
              "cat",
              "/proc/self/cgroup");
      assertEquals(0, r.exit(), r.err());
      // its memory group's line: "N:memory:/NAME" (v1) or "0::/NAME" (v2)
      assertTrue(
          r.out()
              .lines()
              .anyMatch(
                  l -> (l.contains(":memory:") || l.startsWith("0::")) && l.endsWith("/" + name)),
          "in its group: " + r.out());
      Run report = run(Map.of(), "memcap.sh", "--report", name);
      assertTrue(report.out().startsWith("limit " + (64L << 20) + " "), report.out());
    } finally {
      run(Map.of(), "memcap.sh", "--remove", name);
    }
  }
}
