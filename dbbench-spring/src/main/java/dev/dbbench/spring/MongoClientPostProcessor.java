package dev.dbbench.spring;

import com.mongodb.MongoClientSettings;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoDatabase;
import dev.dbbench.engine.mongo.ApplicationClients;
import org.springframework.beans.factory.BeanFactory;
import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.data.mongodb.MongoDatabaseFactory;
import org.springframework.data.mongodb.core.SimpleMongoClientDatabaseFactory;

/**
 * Wires the context's Spring Data MongoDB to dbbench: the client settings Spring Boot builds the
 * application's {@code MongoClient} from get dbbench's command listener, so its commands are counted;
 * its {@link MongoDatabaseFactory}, which every template and repository asks for the database, hands
 * out the running test class's database. The client, its settings and every other bean stay the
 * application's.
 */
final class MongoClientPostProcessor implements BeanPostProcessor {

    private final MongoContextDatabase database;
    private final BeanFactory beans;

    MongoClientPostProcessor(MongoContextDatabase database, BeanFactory beans) {
        this.database = database;
        this.beans = beans;
    }

    @Override
    public Object postProcessAfterInitialization(Object bean, String beanName) {
        if (bean instanceof MongoClientSettings settings) {
            return ApplicationClients.wired(database.templateDatabase(), settings);
        }
        if (bean instanceof MongoDatabaseFactory && !(bean instanceof ClassDatabases)) {
            return new ClassDatabases(beans.getBean(MongoClient.class), database);
        }
        return bean;
    }

    /** The factory whose database is the one the running test class uses. */
    static final class ClassDatabases extends SimpleMongoClientDatabaseFactory {

        private final MongoContextDatabase database;

        ClassDatabases(MongoClient client, MongoContextDatabase database) {
            super(client, database.template());
            this.database = database;
        }

        @Override
        public MongoDatabase getMongoDatabase() {
            return getMongoDatabase(database.inUse());
        }

        @Override
        protected String getDefaultDatabaseName() {
            return database.inUse();
        }
    }
}
