package dev.dbbench.junit;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;

import dev.dbbench.report.HeadlessChromium;

/**
 * A fixture run's report.html as a user opens it: headless Chromium builds its DOM, which must show
 * what the test expects without a console message, and paints its first screen into a PNG kept in the
 * test's temporary folder.
 */
final class ReportScreenshot {

    private ReportScreenshot() {
    }

    /**
     * @param name the PNG's name, without extension
     * @param shown what the DOM must hold, as the browser serializes it ({@code ->} is {@code -&gt;})
     * @return the PNG
     */
    static Path check(FixtureRunner runner, Path temp, String name, String... shown) throws Exception {
        return check(runner, temp, name, 1800, shown);
    }

    /** As {@link #check(FixtureRunner, Path, String, String...)}, painting {@code height} pixels of the page. */
    static Path check(FixtureRunner runner, Path temp, String name, int height, String... shown) throws Exception {
        final HeadlessChromium chromium = HeadlessChromium.require();
        final Path html = runner.reportDirectory().resolve("report.html");
        final HeadlessChromium.Page page = chromium.load(html, temp);
        assertThat(page.console()).as("console messages of %s", html).isEmpty();
        assertThat(page.dom()).contains(shown);
        final Path png = temp.resolve(name + ".png");
        final HeadlessChromium.Page painted = chromium.screenshot(html, png, temp, 1400, height);
        assertThat(painted.console()).as("console messages while painting %s", html).isEmpty();
        assertThat(Files.size(png)).as("size of %s", png).isGreaterThan(10_000);
        System.out.println("report.html painted into " + png);
        return png;
    }
}
