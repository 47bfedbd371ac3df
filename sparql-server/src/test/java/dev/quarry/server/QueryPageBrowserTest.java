package dev.quarry.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.Keys;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * The query page in the system's Chromium (headless): type a query using a well-known prefix it
 * does not declare, run it with Ctrl+Enter, see the rows, follow an IRI to its DESCRIBE, download
 * CSV, and see the plan. A screenshot goes to target/query-page.png. Needs Debian's chromium and
 * chromium-driver, which .ci/run installs; without them the test is skipped.
 */
@Timeout(180)
class QueryPageBrowserTest {
  static final Path CHROMIUM = Path.of("/usr/bin/chromium");
  static final Path DRIVER = Path.of("/usr/bin/chromedriver");

  @TempDir Path dir;

  @Test
  void typeRunFollowDownloadExplain() throws Exception {
    assumeTrue(
        Files.isExecutable(CHROMIUM) && Files.isExecutable(DRIVER),
        "chromium and chromium-driver are not installed");
    Path downloads = Files.createDirectories(dir.resolve("downloads"));
    StringBuilder data =
        new StringBuilder("PREFIX foaf: <http://xmlns.com/foaf/0.1/> INSERT DATA {");
    for (int i = 0; i < 150; i++) {
      data.append(String.format(" <http://ex/person/%03d> foaf:name \"Person %03d\" ;", i, i))
          .append(" foaf:knows <http://ex/person/")
          .append(String.format("%03d", (i + 1) % 150))
          .append("> .");
    }
    try (TestServer s =
        new TestServer(dir.resolve("store"), "update.enabled=true", "server.demo-data=false")) {
      assertEquals(200, s.update(data.append(" }").toString()).statusCode());

      ChromeOptions options = new ChromeOptions();
      options.setBinary(CHROMIUM.toFile());
      options.addArguments(
          "--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1280,900");
      options.setExperimentalOption(
          "prefs",
          Map.of(
              "download.default_directory",
              downloads.toString(),
              "download.prompt_for_download",
              false));
      ChromeDriverService service =
          new ChromeDriverService.Builder().usingDriverExecutable(DRIVER.toFile()).build();
      ChromeDriver browser = new ChromeDriver(service, options);
      try {
        WebDriverWait wait = new WebDriverWait(browser, Duration.ofSeconds(30));
        browser.get(s.endpoint());
        WebElement editor = browser.findElement(By.id("query"));
        editor.sendKeys(Keys.chord(Keys.CONTROL, "a"), Keys.DELETE);
        editor.sendKeys("SELECT ?person ?name WHERE { ?person foaf:name ?name } ORDER BY ?name");
        editor.sendKeys(Keys.chord(Keys.CONTROL, Keys.ENTER));
        WebElement status = browser.findElement(By.id("status"));
        wait.until(d -> status.getText().contains("rows"));
        assertTrue(status.getText().startsWith("150 rows in "), status.getText());
        assertTrue(
            editor.getAttribute("value").startsWith("PREFIX foaf: <http://xmlns.com/foaf/0.1/>"),
            "the prefix was declared for the user");
        List<WebElement> rows = browser.findElements(By.cssSelector("#out tbody tr"));
        assertEquals(100, rows.size(), "first page of 100");
        assertTrue(rows.get(0).getText().contains("Person 000"), rows.get(0).getText());
        assertTrue(browser.findElement(By.id("page")).getText().contains("page 1 of 2"));
        browser.findElement(By.id("next")).click();
        assertEquals(50, browser.findElements(By.cssSelector("#out tbody tr")).size());
        Files.createDirectories(Path.of("target"));
        Files.write(Path.of("target/query-page.png"), browser.getScreenshotAs(OutputType.BYTES));

        // Follow an IRI: the page describes it.
        browser.findElement(By.id("prev")).click();
        browser.findElement(By.cssSelector("#out a[data-iri='http://ex/person/000']")).click();
        wait.until(d -> status.getText().contains("statements"));
        assertEquals("DESCRIBE <http://ex/person/000>", editor.getAttribute("value"));
        assertTrue(
            browser.findElement(By.id("out")).getText().contains("\"Person 000\""),
            browser.findElement(By.id("out")).getText());

        // Back to the query from the history, run it, download CSV.
        browser.findElements(By.cssSelector("#history li")).get(1).click();
        browser.findElement(By.id("run")).click();
        wait.until(d -> status.getText().contains("rows"));
        browser.findElement(By.cssSelector("#downloads button[data-ext='csv']")).click();
        Path csv = downloads.resolve("result.csv");
        wait.until(d -> Files.exists(csv));
        List<String> lines = Files.readAllLines(csv);
        assertEquals("person,name", lines.get(0));
        assertEquals(151, lines.size());
        assertEquals("http://ex/person/000,Person 000", lines.get(1));

        browser.findElement(By.id("explain")).click();
        wait.until(d -> status.getText().equals("plan"));
        assertTrue(browser.findElement(By.id("out")).getText().toLowerCase().contains("rows"));
      } finally {
        browser.quit();
      }
    }
  }
}
