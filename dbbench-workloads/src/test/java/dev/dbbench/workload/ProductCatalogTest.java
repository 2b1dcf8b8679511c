package dev.dbbench.workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

class ProductCatalogTest {

    private static final ObjectMapper MAPPER = new ObjectMapper();

    // Field names of each kind, in the order of the original templates.
    private static final Map<Integer, List<String>> FIELDS_BY_KIND = Map.ofEntries(
            Map.entry(0, List.of("name", "brand", "type", "price", "warranty_years", "available", "description")),
            Map.entry(1, List.of("name", "brand", "type", "price", "warranty_years", "available", "description")),
            Map.entry(2, List.of("name", "type", "price", "warranty_years", "for", "description")),
            Map.entry(3, List.of("name", "type", "color", "price", "warranty_years", "description")),
            Map.entry(4, List.of("name", "type", "price", "warranty_years", "for", "description")),
            Map.entry(5, List.of("name", "type", "color", "price", "warranty_years", "available", "for", "description")),
            Map.entry(6, List.of("name", "type", "color", "price", "warranty_years", "available", "for")),
            Map.entry(7, List.of("name", "type", "monthly_price", "limits", "term_years")),
            Map.entry(8, List.of("name", "type", "monthly_price", "limits", "term_years", "description")),
            Map.entry(9, List.of("name", "type", "monthly_price", "limits", "sales_tax", "term_years")),
            Map.entry(10, List.of("name", "type", "monthly_price", "term_years", "cancel_penalty", "sales_tax",
                    "additional_tarriffs", "description")));

    // Rows beyond PostgreSQL's ~2 KB TOAST threshold; the long kinds must clear it on their own.
    private static final int TOAST_THRESHOLD_CHARS = 2_032;

    @Test
    void everyKindIsAJsonObjectWithItsTemplateFields() throws Exception {
        for (int kind = 0; kind < ProductCatalog.KINDS; kind++) {
            // A late cycle too, because the per-row numbers change with the cycle.
            for (final int index : new int[] {kind, 50_000 * ProductCatalog.KINDS + kind}) {
                final JsonNode document = MAPPER.readTree(ProductCatalog.document(index));
                assertThat(document.isObject()).as("document %d", index).isTrue();
                assertThat(fieldNames(document)).as("fields of document %d", index)
                        .containsExactlyElementsOf(FIELDS_BY_KIND.get(kind));
                assertThat(document.get("name").isTextual()).as("name of document %d", index).isTrue();
            }
        }
    }

    @Test
    void typeIsAStringOnSomeKindsAndAnArrayOnOthers() throws Exception {
        final List<Integer> arrayTyped = new ArrayList<>();
        for (int kind = 0; kind < ProductCatalog.KINDS; kind++) {
            final JsonNode type = MAPPER.readTree(ProductCatalog.document(kind)).get("type");
            if (type.isArray()) {
                arrayTyped.add(kind);
                assertThat(type.get(0).asText()).isEqualTo("accessory");
            } else {
                assertThat(type.isTextual()).as("type of kind %d", kind).isTrue();
            }
        }
        assertThat(arrayTyped).containsExactly(2, 3, 5, 6);
    }

    @Test
    void nestedValuesMatchTheTemplates() throws Exception {
        final JsonNode basicPlan = MAPPER.readTree(ProductCatalog.document(7));
        assertThat(basicPlan.at("/limits/sms/units").asText()).isEqualTo("texts sent");
        assertThat(basicPlan.at("/limits/sms/over_rate").decimalValue()).isEqualByComparingTo("0.001");
        assertThat(basicPlan.at("/limits/data/over_rate").isIntegralNumber()).isTrue();
        final JsonNode corePlan = MAPPER.readTree(ProductCatalog.document(8));
        assertThat(corePlan.at("/limits/data/n").asText()).isEqualTo("unlimited");
        final JsonNode cable = MAPPER.readTree(ProductCatalog.document(10));
        assertThat(cable.at("/additional_tarriffs/0/amount/percent_of_service").decimalValue())
                .isEqualByComparingTo("0.06");
        assertThat(cable.at("/additional_tarriffs/1/amount").decimalValue()).isEqualByComparingTo("2.25");
        final JsonNode blackCase = MAPPER.readTree(ProductCatalog.document(5));
        assertThat(blackCase.get("price").decimalValue()).isEqualByComparingTo("12.5");
        assertThat(blackCase.get("available").booleanValue()).isFalse();
    }

    @Test
    void onlyTheAcmeKindHasBrandExactlyAcmeWhileKindZeroOnlyStartsWithIt() throws Exception {
        for (int cycle = 0; cycle < 1_000; cycle++) {
            final int base = cycle * ProductCatalog.KINDS;
            final JsonNode acme = MAPPER.readTree(ProductCatalog.document(base + ProductCatalog.ACME_KIND));
            assertThat(acme.get("brand").asText()).isEqualTo("ACME");
            final String lookalike = MAPPER.readTree(ProductCatalog.document(base)).get("brand").asText();
            assertThat(lookalike).startsWith("ACME").isNotEqualTo("ACME");
        }
    }

    @Test
    void sameIndexGivesTheSameDocument() {
        final List<String> first = ProductCatalog.documents(200).toList();
        final List<String> second = IntStream.range(0, 200).mapToObj(ProductCatalog::document).toList();
        assertThat(first).isEqualTo(second);
        assertThat(ProductCatalog.document(123_456)).isEqualTo(ProductCatalog.document(123_456));
    }

    @Test
    void documentsNeverChangeAcrossRunsOrVersions() throws NoSuchAlgorithmException {
        // Baselines compare runs on this data; if the generator changes, this digest must change with
        // a note that old baselines no longer apply.
        final MessageDigest sha256 = MessageDigest.getInstance("SHA-256");
        ProductCatalog.documents(1_100).forEach(document -> {
            sha256.update(document.getBytes(StandardCharsets.UTF_8));
            sha256.update((byte) '\n');
        });
        assertThat(HexFormat.of().formatHex(sha256.digest())).isEqualTo("df219034e49064a1b9036a7d34d098642a6a15cd11fbb0ec8ae5dea885df0a7c");
    }

    @Test
    void acmeCountMatchesTheSeedRunAndACountOverTheDocuments() {
        final String exactAcme = "\"brand\":\"ACME\"";
        assertThat(ProductCatalog.acmeCount(100_000)).isEqualTo(9_091);
        assertThat(ProductCatalog.documents(100_000).filter(document -> document.contains(exactAcme)).count())
                .isEqualTo(9_091);
        for (int count = 0; count <= 3 * ProductCatalog.KINDS; count++) {
            final long counted = ProductCatalog.documents(count).filter(document -> document.contains(exactAcme)).count();
            assertThat(ProductCatalog.acmeCount(count)).as("acmeCount(%d)", count).isEqualTo(counted);
        }
        assertThat(ProductCatalog.acmeCount(Integer.MAX_VALUE)).isEqualTo((Integer.MAX_VALUE + 9L) / 11);
    }

    @Test
    void averageDocumentInAWindowOfElevenIsAboutTwoAndAHalfKilobytes() {
        for (final int start : new int[] {0, 99_989}) {
            final double averageBytes = IntStream.range(start, start + ProductCatalog.KINDS)
                    .map(index -> ProductCatalog.document(index).getBytes(StandardCharsets.UTF_8).length)
                    .average()
                    .orElseThrow();
            assertThat(averageBytes).as("average bytes from document %d", start).isBetween(2_000.0, 3_000.0);
        }
    }

    @Test
    void eightOfElevenKindsHaveADescriptionLongEnoughToBeToasted() throws Exception {
        final List<Integer> longKinds = new ArrayList<>();
        for (int kind = 0; kind < ProductCatalog.KINDS; kind++) {
            final JsonNode description = MAPPER.readTree(ProductCatalog.document(kind)).get("description");
            if (description != null) {
                assertThat(description.asText().length()).as("description of kind %d", kind)
                        .isGreaterThan(TOAST_THRESHOLD_CHARS);
                longKinds.add(kind);
            }
        }
        assertThat(longKinds).containsExactly(0, 1, 2, 3, 4, 5, 8, 10);
    }

    @Test
    void negativeCountsAndIndexesAreRejected() {
        assertThatIllegalArgumentException().isThrownBy(() -> ProductCatalog.documents(-1))
                .withMessage("count must be >= 0 but was -1");
        assertThatIllegalArgumentException().isThrownBy(() -> ProductCatalog.acmeCount(-5))
                .withMessage("count must be >= 0 but was -5");
        assertThatIllegalArgumentException().isThrownBy(() -> ProductCatalog.document(-2))
                .withMessage("index must be >= 0 but was -2");
        assertThatIllegalArgumentException().isThrownBy(() -> ProductCatalog.loadInto(null, "json_tables", -3))
                .withMessage("count must be >= 0 but was -3");
    }

    @Test
    void badTableNamesAreRejectedNamingTheValue() {
        final String[] badNames = {"", "1table", "json tables", "json_tables; drop table x", "a.b.c",
            ".json_tables", "public.", "\"json_tables\"", "json-tables", "json_tables(data)"};
        for (final String table : badNames) {
            // Rejected before the connection is touched, so no database is needed here.
            assertThatIllegalArgumentException().as("table %s", table)
                    .isThrownBy(() -> ProductCatalog.loadInto(null, table, 10))
                    .withMessageContaining("'" + table + "'")
                    .withMessageContaining("plain or schema-qualified SQL identifier");
        }
    }

    @Test
    void nullTableNameIsRejected() {
        assertThatIllegalArgumentException().isThrownBy(() -> ProductCatalog.copyStatement(null))
                .withMessageEndingWith("but was null");
    }

    @Test
    void plainAndQualifiedTableNamesMakeACopyIntoTheDataColumn() {
        assertThat(ProductCatalog.copyStatement("json_tables")).isEqualTo("COPY json_tables (data) FROM STDIN");
        assertThat(ProductCatalog.copyStatement("bench.Json_Tables$2"))
                .isEqualTo("COPY bench.Json_Tables$2 (data) FROM STDIN");
    }

    @Test
    void copyTextEscapesBackslashTabAndLineBreaks() {
        final StringBuilder escaped = new StringBuilder();
        ProductCatalog.appendCopyText(escaped, "{\"a\":\"x\\\"y\"}\tb\nc\rd");
        assertThat(escaped).hasToString("{\"a\":\"x\\\\\"y\"}\\tb\\nc\\rd");
    }

    @Test
    void generatedDocumentsNeedNoCopyEscapingButStayValidIfTheyDid() {
        // Jackson escapes control characters inside strings, so a document is one COPY line as is.
        ProductCatalog.documents(ProductCatalog.KINDS).forEach(document -> {
            final StringBuilder escaped = new StringBuilder();
            ProductCatalog.appendCopyText(escaped, document);
            assertThat(escaped).hasToString(document);
        });
    }

    private static List<String> fieldNames(final JsonNode document) {
        final List<String> names = new ArrayList<>();
        document.fieldNames().forEachRemaining(names::add);
        return names;
    }
}
