package dev.dbbench.workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Instant;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.mongodb.MongoClientSettings;
import dev.dbbench.workload.KilobyteDocuments.Doc;
import dev.dbbench.workload.KilobyteDocuments.Layout;
import org.bson.Document;
import org.bson.RawBsonDocument;
import org.junit.jupiter.api.Test;

class KilobyteDocumentsTest {

    private static final ObjectMapper MAPPER = new ObjectMapper();

    private final KilobyteDocuments documents = new KilobyteDocuments(42, 20_000);

    @Test
    void sameSeedAndIndexGiveTheSameDocumentAndAnotherSeedOnlyOtherText() {
        final KilobyteDocuments again = new KilobyteDocuments(42, 5);
        final KilobyteDocuments otherSeed = new KilobyteDocuments(43, 20_000);
        for (final long index : new long[] {0, 1, 999, 21_474_836_479L}) {
            assertThat(again.document(index)).isEqualTo(documents.document(index));
            final Doc other = otherSeed.document(index);
            final Doc doc = documents.document(index);
            assertThat(other.number()).isEqualTo(doc.number());
            assertThat(other.number1()).isEqualTo(doc.number1());
            assertThat(other.name()).isNotEqualTo(doc.name());
            assertThat(other.filler()).isNotEqualTo(doc.filler());
        }
    }

    @Test
    void documentsNeverChangeAcrossRunsOrVersions() throws Exception {
        // Baselines compare runs on this data; if the generator changes, this digest must change with
        // a note that old baselines no longer apply.
        final MessageDigest sha256 = MessageDigest.getInstance("SHA-256");
        documents.documents(0, 1_000).forEach(doc -> {
            sha256.update(Long.toString(doc.id()).getBytes(StandardCharsets.UTF_8));
            sha256.update(doc.json().getBytes(StandardCharsets.UTF_8));
        });
        assertThat(HexFormat.of().formatHex(sha256.digest()))
                .isEqualTo("39b94a7cc8ecdcd85fd682f38722fd90d1f565e1f3624d5abfa0e092828be07f");
    }

    @Test
    void everyDocumentIsExactlyOneKilobyteOfBson() {
        final var codec = MongoClientSettings.getDefaultCodecRegistry().get(Document.class);
        for (final long index : new long[] {0, 1, 9, 10_000, 99_999_999, 4_000_000_000L}) {
            final Document bson = KilobyteDocumentsMongo.toBson(documents.document(index));
            assertThat(new RawBsonDocument(bson, codec).getByteBuffer().remaining())
                    .as("BSON bytes of document %d", index).isEqualTo(KilobyteDocuments.BSON_BYTES);
        }
    }

    @Test
    void jsonHoldsEveryFieldButTheIdAndNeedsNoCopyEscaping() throws Exception {
        final Doc doc = documents.document(12_345);
        final JsonNode json = MAPPER.readTree(doc.json());
        assertThat(json.size()).isEqualTo(5);
        assertThat(json.get("number").intValue()).isEqualTo(1_234);
        assertThat(json.get("number1").intValue()).isEqualTo(12);
        assertThat(Instant.parse(json.get("date").asText())).isEqualTo(doc.date());
        assertThat(json.get("name").asText()).isEqualTo(doc.name()).matches("doc-[0-9a-f]{8}");
        assertThat(json.get("filler").asText()).isEqualTo(doc.filler()).matches("[a-z ]{931}");
        assertThat(doc.json().length()).isBetween(1_000, 1_100);
        final StringBuilder escaped = new StringBuilder();
        ProductCatalog.appendCopyText(escaped, doc.json());
        assertThat(escaped).hasToString(doc.json());
    }

    @Test
    void datesRiseStrictlyWithTheIndexAboutOneSecondApart() {
        Instant previous = Instant.MIN;
        for (long index = 0; index < 5_000; index++) {
            final Instant date = documents.document(index).date();
            assertThat(date).isAfter(previous)
                    .isBetween(KilobyteDocuments.FIRST_DATE.plusSeconds(index),
                            KilobyteDocuments.FIRST_DATE.plusSeconds(index).plusMillis(999));
            previous = date;
        }
        // Fixed-width text keeps text order equal to time order, which the jsonb date index relies on.
        assertThat(documents.document(0).dateText()).hasSize(24);
        assertThat(documents.document(400_000_000L).dateText()).hasSize(24).startsWith("2023-");
    }

    @Test
    void eachNumberMatchesTenDocumentsAndEachNumber1AThousand() {
        final Map<Integer, Integer> perNumber = new HashMap<>();
        final Map<Integer, Integer> perNumber1 = new HashMap<>();
        documents.documents(0, documents.count()).forEach(doc -> {
            perNumber.merge(doc.number(), 1, Integer::sum);
            perNumber1.merge(doc.number1(), 1, Integer::sum);
            assertThat(KilobyteDocuments.number1ForNumber(doc.number())).isEqualTo(doc.number1());
        });
        assertThat(perNumber).hasSize(2_000).allSatisfy((number, docs) -> assertThat(docs).isEqualTo(10));
        assertThat(perNumber1).hasSize(20).allSatisfy((number1, docs) -> assertThat(docs).isEqualTo(1_000));
    }

    @Test
    void sampledNumbersAreLoadedDeterministicAndSpread() {
        final int[] numbers = new int[200];
        for (int sample = 0; sample < numbers.length; sample++) {
            numbers[sample] = documents.sampleNumber(sample);
            assertThat(numbers[sample]).isBetween(0, 1_999).isEqualTo(new KilobyteDocuments(42, 20_000).sampleNumber(sample));
            assertThat(documents.sampleNumber1(sample)).isBetween(0, 19);
        }
        assertThat(Arrays.stream(numbers).distinct().count()).isGreaterThan(180);
        assertThat(Arrays.stream(numbers).max().orElseThrow()).isGreaterThan(1_800);
    }

    @Test
    void sampledNumbersNeedEnoughDocuments() {
        assertThatIllegalStateException().isThrownBy(() -> new KilobyteDocuments(1, 9).sampleNumber(0))
                .withMessage("sampleNumber needs count >= 10 but count was 9");
        assertThatIllegalStateException().isThrownBy(() -> new KilobyteDocuments(1, 999).sampleNumber1(0))
                .withMessage("sampleNumber1 needs count >= 1000 but count was 999");
    }

    @Test
    void sortedPageIdsAreThoseOfSortingTheMatchesByDateDescendingThenSkippingAHundred() {
        for (final int number1 : new int[] {0, 7, 19}) {
            final List<Long> expected = documents.documents(0, documents.count())
                    .filter(doc -> doc.number1() == number1)
                    .sorted(Comparator.comparing(Doc::date).reversed())
                    .skip(KilobyteDocuments.PAGE_SKIP)
                    .limit(KilobyteDocuments.PAGE_LIMIT)
                    .map(Doc::id)
                    .toList();
            assertThat(KilobyteDocuments.sortedPageIds(number1)).isEqualTo(expected).hasSize(10);
        }
    }

    @Test
    void indexesAreNamedAfterTheTableAndTheField() {
        assertThat(Layout.COLUMNS.createIndexSql()).containsExactly(
                "CREATE INDEX docs_columns_number ON docs_columns (number)",
                "CREATE INDEX docs_columns_number1 ON docs_columns (number1)",
                "CREATE INDEX docs_columns_date ON docs_columns (date DESC)");
        assertThat(Layout.JSONB.createIndexSql()).containsExactly(
                "CREATE INDEX docs_jsonb_number ON docs_jsonb (((data->>'number')::int))",
                "CREATE INDEX docs_jsonb_number1 ON docs_jsonb (((data->>'number1')::int))",
                "CREATE INDEX docs_jsonb_date ON docs_jsonb ((data->>'date') DESC)");
    }

    @Test
    void negativeCountsIndexesAndRangesAreRejected() {
        assertThatIllegalArgumentException().isThrownBy(() -> new KilobyteDocuments(1, -1))
                .withMessage("count must be in [0, 21474836480] but was -1");
        assertThatIllegalArgumentException().isThrownBy(() -> documents.document(-3))
                .withMessage("index must be in [0, 21474836480) but was -3");
        assertThatIllegalArgumentException().isThrownBy(() -> documents.document(KilobyteDocuments.INDEX_LIMIT))
                .withMessage("index must be in [0, 21474836480) but was 21474836480");
        assertThatIllegalArgumentException().isThrownBy(() -> documents.documents(5, 4))
                .withMessage("need 0 <= from <= to <= 21474836480 but from was 5 and to 4");
    }
}
