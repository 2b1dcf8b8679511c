package dev.dbbench.engine.mongo;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

import dev.dbbench.config.EnvironmentPolicy;
import dev.dbbench.config.Settings;
import dev.dbbench.engine.CommandProfile;
import dev.dbbench.engine.Traffic;
import dev.dbbench.metric.Finding;
import dev.dbbench.metric.FindingsAssessment;
import dev.dbbench.metric.Judging;
import dev.dbbench.metric.Metrics;
import dev.dbbench.spec.EngineKind;
import dev.dbbench.spec.PlanExpectations;
import dev.dbbench.spec.TimingRule;
import org.bson.BsonArray;
import org.bson.BsonBinary;
import org.bson.BsonBinarySubType;
import org.bson.BsonDocument;
import org.bson.BsonValue;
import org.junit.jupiter.api.Test;

/**
 * What a real mongod's profile of a call tells, read from profiler documents in the shape MongoDB
 * documents for {@code system.profile} (test data written for this test: no mongod runs on the
 * machines that build dbbench; the GitHub workflow runs the suite against one), and how a lost index
 * then fails: the plan, the documents examined, and the declared expectations.
 */
class MongoProfilerTest {

    /** The session of dbbench's own client in the test data. */
    private static final BsonValue OWN_SESSION = new BsonBinary(BsonBinarySubType.UUID_STANDARD,
            "for dbbench only".getBytes(StandardCharsets.US_ASCII));

    @Test
    void theCallsOperationsAreGroupedByShapeWithTheirPlansAndExaminedCountsAndOtherSessionsAreUnseen()
            throws IOException {
        final ServerRecord.Told told = MongoProfiler.told(profile("profile-indexed.json"), "shop", counted(2));

        assertThat(told.unseen()).isEqualTo(1);
        assertThat(told.profile().profiled()).isTrue();
        assertThat(told.profile().commandsPerOp()).isEqualTo(2);
        assertThat(told.profile().commands()).containsExactly(
                new CommandProfile.Command("find products {brand: ?} sort {price: 1}", 1, "IXSCAN { brand: 1 }", 50, 50,
                        50, List.of(), List.of("brand_1")),
                new CommandProfile.Command("update products {_id: ?} {$inc: {stock: ?}}", 1, "IDHACK", 1, 1, 0,
                        List.of(), List.of()),
                new CommandProfile.Command("getMore products", 1, "IXSCAN { brand: 1 }", 0, 0, 0, List.of(),
                        List.of()));
    }

    @Test
    void aLostIndexFailsOnThePlanTheDocumentsExaminedAndTheDeclaredIndex() throws IOException {
        final CommandProfile indexed = MongoProfiler.told(profile("profile-indexed.json"), "shop", counted(2)).profile();
        final CommandProfile scanned = MongoProfiler.told(profile("profile-collscan.json"), "shop", counted(2)).profile();
        final PlanExpectations declared = new PlanExpectations(List.of("brand_1"), List.of("products"), false,
                PlanExpectations.UNLIMITED);

        final FindingsAssessment assessment = Metrics.COMMAND_PLANS.assess(scanned, Optional.of(indexed),
                judging(declared));

        assertThat(assessment.findings()).extracting(Finding::kind, Finding::subject, Finding::detail).containsExactly(
                org.assertj.core.groups.Tuple.tuple(Finding.Kind.PLAN_CHANGED, "find products {brand: ?} sort {price: 1}",
                        "plan IXSCAN { brand: 1 } -> COLLSCAN"),
                org.assertj.core.groups.Tuple.tuple(Finding.Kind.LESS_WORK, "find products {brand: ?} sort {price: 1}",
                        "keys examined per call 50 -> 0"),
                org.assertj.core.groups.Tuple.tuple(Finding.Kind.MORE_WORK, "find products {brand: ?} sort {price: 1}",
                        "docs examined per call 50 -> 2000"),
                org.assertj.core.groups.Tuple.tuple(Finding.Kind.EXPECTATION_MISSED, "-",
                        "@UsesIndex(\"brand_1\"): no command's plan uses it; plans: find products {brand: ?} sort"
                                + " {price: 1}: COLLSCAN; update products {_id: ?} {$inc: {stock: ?}}: IDHACK"),
                org.assertj.core.groups.Tuple.tuple(Finding.Kind.EXPECTATION_MISSED,
                        "find products {brand: ?} sort {price: 1}",
                        "@NoSeqScan: collection scan of products (2000 docs examined per call)"));
        assertThat(Metrics.COMMAND_PLANS.assess(indexed, Optional.of(indexed), judging(declared)).findings()).isEmpty();
    }

    private static Judging judging(PlanExpectations declared) {
        return new Judging(EngineKind.MONGODB, new TimingRule(25, 0.01, 3, 50, false, EnvironmentPolicy.WARN), declared,
                new Settings.Tolerances(1, 1, 10), new TreeMap<>(), Optional.empty());
    }

    /** What dbbench's own client counted: its session, and {@code commands} commands. */
    private static CommandTraffic.Counted counted(long commands) {
        return new CommandTraffic.Counted(new Traffic(new TreeMap<>(), commands, 0, 0, 0), Set.of(OWN_SESSION));
    }

    private static List<BsonDocument> profile(String name) throws IOException {
        try (InputStream in = MongoProfilerTest.class.getResourceAsStream(name)) {
            final String json = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            return BsonArray.parse(json).stream().map(BsonValue::asDocument).toList();
        }
    }
}
