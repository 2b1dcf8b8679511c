package dev.dbbench.engine.mongo;

import static org.assertj.core.api.Assertions.assertThat;

import org.bson.BsonDocument;
import org.junit.jupiter.api.Test;

/** The shape of a MongoDB command: what decides how it runs, its values left out. */
class CommandShapeTest {

    private static String shape(String json) {
        return CommandShape.of(BsonDocument.parse(json));
    }

    @Test
    void aFindKeepsItsFilterKeysSortAndProjectionAndDropsItsValues() {
        assertThat(shape("{find: 'products', filter: {brand: 'ACME', price: {$lt: 10}}, sort: {price: -1},"
                + " projection: {name: 1, _id: 0}, limit: 20, batchSize: 101, lsid: {id: 1}, $db: 'shop'}"))
                .isEqualTo("find products {brand: ?, price: {$lt: ?}} sort {price: -1} projection {name: 1, _id: 0} limit");
        assertThat(shape("{find: 'products', filter: {brand: 'OTHER', price: {$lt: 99}}, sort: {price: -1},"
                + " projection: {name: 1, _id: 0}, limit: 5}"))
                .isEqualTo(shape("{find: 'products', filter: {brand: 'ACME', price: {$lt: 10}}, sort: {price: -1},"
                        + " projection: {name: 1, _id: 0}, limit: 20}"));
    }

    @Test
    void aListOfValuesIsOneValueAndAnOrKeepsEachBranch() {
        assertThat(shape("{find: 'products', filter: {_id: {$in: [1, 2, 3]}}}")).isEqualTo("find products {_id: {$in: ?}}");
        assertThat(shape("{find: 'products', filter: {$or: [{brand: 'a'}, {name: 'b'}]}}"))
                .isEqualTo("find products {$or: [{brand: ?}, {name: ?}]}");
    }

    @Test
    void writesShowTheirStatementsShapesOnce() {
        assertThat(shape("{insert: 'cart', documents: [{a: 1}, {a: 2}], ordered: true}")).isEqualTo("insert cart");
        assertThat(shape("{update: 'products', updates: [{q: {_id: 1}, u: {$set: {price: 5}}},"
                + " {q: {_id: 2}, u: {$set: {price: 6}}}]}")).isEqualTo("update products {_id: ?} {$set: {price: ?}}");
        assertThat(shape("{delete: 'cart', deletes: [{q: {}, limit: 0}]}")).isEqualTo("delete cart {}");
        assertThat(shape("{getMore: {$numberLong: '42'}, collection: 'products', batchSize: 10}"))
                .isEqualTo("getMore products");
    }

    @Test
    void aPipelineKeepsItsStagesInOrderAndTheFieldsTheyName() {
        assertThat(shape("{aggregate: 'orders', pipeline: [{$match: {status: 'open'}},"
                + " {$group: {_id: '$customer', total: {$sum: '$total'}}}, {$sort: {total: -1}}, {$limit: 10}],"
                + " cursor: {}}"))
                .isEqualTo("aggregate orders [$match {status: ?}, $group {_id: \"$customer\", total: {$sum: \"$total\"}},"
                        + " $sort {total: -1}, $limit ?]");
        // Reordered stages are another command.
        assertThat(shape("{aggregate: 'orders', pipeline: [{$group: {_id: '$customer'}}, {$match: {status: 'open'}}]}"))
                .isNotEqualTo(shape("{aggregate: 'orders', pipeline: [{$match: {status: 'open'}},"
                        + " {$group: {_id: '$customer'}}]}"));
    }

    @Test
    void theProfilersRecordOfAStatementHasTheShapeItsCommandWouldHave() {
        assertThat(CommandShape.ofProfiled("update", "products", BsonDocument.parse("{q: {_id: 7}, u: {$inc: {n: 1}}}")))
                .isEqualTo(shape("{update: 'products', updates: [{q: {_id: 8}, u: {$inc: {n: 2}}}]}"));
        assertThat(CommandShape.ofProfiled("query", "products", BsonDocument.parse("{find: 'products', filter: {a: 1}}")))
                .isEqualTo("find products {a: ?}");
    }
}
