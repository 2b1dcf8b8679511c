package dev.dbbench.engine;

import java.util.Collections;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * What a client sent to its server and received back, counted on the client's side of the
 * conversation: requests by name (a SQL statement's text, a MongoDB command's name), round trips,
 * documents returned (MongoDB) and bytes each way. Facts of the conversation, so they are the same
 * on a fast machine and a slow one, and real on an emulator too.
 */
public record Traffic(SortedMap<String, Long> requests, long roundTrips, long documents, long bytesSent,
        long bytesReceived) {

    public static final Traffic NONE = new Traffic(new TreeMap<>(), 0, 0, 0, 0);

    public Traffic {
        requests = Collections.unmodifiableSortedMap(new TreeMap<>(requests));
    }

    /** What was counted since {@code earlier}, a reading of the same counters. */
    public Traffic since(Traffic earlier) {
        final SortedMap<String, Long> delta = new TreeMap<>();
        requests.forEach((name, count) -> {
            final long added = count - earlier.requests.getOrDefault(name, 0L);
            if (added != 0) {
                delta.put(name, added);
            }
        });
        return new Traffic(delta, roundTrips - earlier.roundTrips, documents - earlier.documents,
                bytesSent - earlier.bytesSent, bytesReceived - earlier.bytesReceived);
    }

    /** This traffic with its requests named as given, such as the statements a JDBC capture logged. */
    public Traffic withRequests(SortedMap<String, Long> named) {
        return new Traffic(named, roundTrips, documents, bytesSent, bytesReceived);
    }
}
