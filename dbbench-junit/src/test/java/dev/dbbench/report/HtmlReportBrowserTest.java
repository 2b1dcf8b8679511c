package dev.dbbench.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import javax.imageio.ImageIO;

import dev.dbbench.evaluate.BenchmarkResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The HTML report as a browser shows it: headless Chromium loads it, and the test reads the DOM it
 * built and the console messages it logged.
 */
class HtmlReportBrowserTest {

    private static final Pattern SECTION = Pattern.compile("<section class=\"bench [a-z]+\" id=\"b-\\d+\">(.*?)"
            + "</section>", Pattern.DOTALL);

    @TempDir
    Path temp;

    @Test
    void aScriptInASettingRendersAsTextAndNothingRuns() throws Exception {
        final HeadlessChromium chromium = HeadlessChromium.require();
        final Path html = write(SyntheticResults.generate(12, 11, HtmlReportTest.SCRIPT));

        final HeadlessChromium.Page page = chromium.load(html, temp);

        assertThat(page.console()).as("console messages").isEmpty();
        // Had the script run, it would have renamed the page; had the tag been markup, the DOM would hold it.
        assertThat(page.dom()).contains("<title>dbbench: ").doesNotContain("pwned</title>")
                .doesNotContain("<script").doesNotContain("<img")
                .contains("application_name=bench&lt;script&gt;document.title='pwned'&lt;/script&gt;");
    }

    @Test
    void fiveHundredBenchmarksRenderEveryChartWithoutAConsoleMessage() throws Exception {
        final HeadlessChromium chromium = HeadlessChromium.require();
        final List<BenchmarkResult> results = SyntheticResults.generate(500, 12);
        final Path html = write(results);

        final HeadlessChromium.Page page = chromium.load(html, temp);

        assertThat(page.console()).as("console messages").isEmpty();
        final Matcher section = SECTION.matcher(page.dom());
        int sections = 0;
        while (section.find()) {
            assertThat(HtmlReportTest.count(section.group(1), "<svg class=\"chart samples\"")).isPositive();
            sections++;
        }
        assertThat(sections).isEqualTo(results.size());
        System.out.printf("report.html of 500 benchmarks: %,d bytes, loaded by headless Chromium in %d ms%n",
                Files.size(html), page.elapsed().toMillis());
    }

    @Test
    void theFirstScreenShowsWhatFailedAtTheWidthsOfCommonScreens() throws Exception {
        final HeadlessChromium chromium = HeadlessChromium.require();
        final Path html = write(SyntheticResults.generate(500, 12));
        assertThat(Files.readString(html)).contains("<td class=\"verdict fail\">time REGRESSION (failed)")
                .contains("<td class=\"why\">");

        for (int[] screen : new int[][] {{1400, 900}, {1920, 1080}, {1024, 768}}) {
            final Path png = temp.resolve("first-screen-" + screen[0] + ".png");
            chromium.screenshot(html, png, temp, screen[0], screen[1]);

            // The failed verdicts' cells are painted in a colour nothing else on the page uses.
            assertThat(pixels(ImageIO.read(png.toFile()), FAILED_VERDICT)).as("failed verdict cells at %d px",
                    screen[0]).isGreaterThan(500);
        }
    }

    @Test
    void aFailedInstructionCountsTableOfFunctionsRendersWithoutAConsoleMessage() throws Exception {
        final HeadlessChromium chromium = HeadlessChromium.require();
        final Path html = write(List.of(ResultFixtures.withInstructionProfiles(ResultFixtures.regression())));

        final HeadlessChromium.Page page = chromium.load(html, temp);
        final Path png = temp.resolve("instruction-profile.png");
        chromium.screenshot(html, png, temp, 1400, 2000);

        assertThat(page.console()).as("console messages").isEmpty();
        assertThat(page.dom()).contains("<table class=\"detail\">").contains("<th>inclusive, change</th>")
                .contains("<td>ExecNestLoop</td>");
        // The rises are painted in a colour nothing else on the page uses (Style: table.detail td.up).
        assertThat(pixels(ImageIO.read(png.toFile()), RISE)).as("cells of rises").isGreaterThan(500);
    }

    /** The background of a rise in a metric's table (Style: table.detail td.up). */
    static final int RISE = 0xfdeded;

    /** The background of a failed verdict's cell in the overview (Style: td.verdict.fail). */
    private static final int FAILED_VERDICT = 0xfbe4e1;

    private static int pixels(BufferedImage image, int rgb) {
        int count = 0;
        for (int y = 0; y < image.getHeight(); y++) {
            for (int x = 0; x < image.getWidth(); x++) {
                if ((image.getRGB(x, y) & 0xffffff) == rgb) {
                    count++;
                }
            }
        }
        return count;
    }

    @Test
    void theBrowserEnforcesThePolicyAndTheConsoleCheckSeesIt() throws Exception {
        final HeadlessChromium chromium = HeadlessChromium.require();
        final Path html = write(SyntheticResults.generate(2, 13));
        // What an unescaped text would do: a script and an image from elsewhere, put in as markup.
        Files.writeString(html, Files.readString(html).replace("<main>",
                "<main><script>document.title='ran'</script><img src=\"http://example.invalid/x.png\">"));

        final HeadlessChromium.Page page = chromium.load(html, temp);

        assertThat(page.dom()).doesNotContain("<title>ran</title>");
        assertThat(String.join("\n", page.console())).contains("Content Security Policy")
                .contains("Executing inline script").contains("example.invalid");
    }

    private Path write(List<BenchmarkResult> results) throws Exception {
        final Path html = temp.resolve("report.html");
        Files.writeString(html, new HtmlReport().render(Report.of(results, Instant.parse("2026-12-03T10:00:00Z"))));
        return html;
    }
}
