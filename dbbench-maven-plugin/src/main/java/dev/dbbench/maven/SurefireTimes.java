package dev.dbbench.maven;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;

import org.w3c.dom.Element;
import org.w3c.dom.NodeList;
import org.xml.sax.SAXException;

/**
 * How long each benchmark method took in one forked run, from Surefire's XML reports
 * ({@code TEST-*.xml}, a {@code testcase} per invocation with its {@code time} in seconds): the cost of
 * a benchmark in an A/B round, without the JVM's and Maven's start.
 */
final class SurefireTimes {

    private SurefireTimes() {
    }

    /** Seconds per {@code SimpleClass#method} in the reports of {@code directory}; none when there are none. */
    static Map<String, Double> read(Path directory) throws IOException {
        final Map<String, Double> seconds = new HashMap<>();
        if (!Files.isDirectory(directory)) {
            return seconds;
        }
        final List<Path> reports;
        try (Stream<Path> files = Files.list(directory)) {
            reports = files.filter(file -> file.getFileName().toString().matches("TEST-.*\\.xml")).toList();
        }
        for (Path report : reports) {
            final NodeList cases = parse(report).getElementsByTagName("testcase");
            for (int i = 0; i < cases.getLength(); i++) {
                final Element testcase = (Element) cases.item(i);
                final String className = testcase.getAttribute("classname");
                // The name is the method, or its display name: "lookup()", "lookup() [postgres 17 embedded]".
                final String method = testcase.getAttribute("name").split("[( \\[]", 2)[0];
                final String key = className.substring(className.lastIndexOf('.') + 1) + "#" + method;
                seconds.merge(key, parseSeconds(testcase.getAttribute("time")), Double::sum);
            }
        }
        return seconds;
    }

    private static double parseSeconds(String time) {
        try {
            return time.isEmpty() ? 0 : Double.parseDouble(time.replace(",", ""));
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    private static org.w3c.dom.Document parse(Path report) throws IOException {
        try {
            final DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
            factory.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
            return factory.newDocumentBuilder().parse(report.toFile());
        } catch (ParserConfigurationException | SAXException e) {
            throw new IOException(report + " is not a Surefire XML report: " + e.getMessage(), e);
        }
    }
}
