package dev.dbbench.engine;

import java.util.Collections;
import java.util.SortedMap;
import java.util.TreeMap;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * What a client sent to its server and received back, counted on the client's side of the
 * conversation: requests by name (a SQL statement's text, a MongoDB command's name), round trips,
 * documents returned (MongoDB) and bytes each way. Facts of the conversation, so they are the same
 * on a fast machine and a slow one, and real on an emulator too.
 *
 * @param unseen statements the server ran on the database meanwhile that dbbench did not see: on
 *     a connection it did not open (PostgreSQL, where the server counts them; MongoDB, by a client it
 *     did not create or wire);
 *     left out of the stored value when zero
 */
public record Traffic(SortedMap<String, Long> requests, long roundTrips, long documents, long bytesSent,
        long bytesReceived, @JsonInclude(JsonInclude.Include.NON_DEFAULT) long unseen) {

    public static final Traffic NONE = new Traffic(new TreeMap<>(), 0, 0, 0, 0);

    public Traffic {
        requests = Collections.unmodifiableSortedMap(new TreeMap<>(requests));
    }

    /** Traffic that dbbench saw all of. */
    public Traffic(SortedMap<String, Long> requests, long roundTrips, long documents, long bytesSent,
            long bytesReceived) {
        this(requests, roundTrips, documents, bytesSent, bytesReceived, 0);
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
                bytesSent - earlier.bytesSent, bytesReceived - earlier.bytesReceived, unseen - earlier.unseen);
    }

    /** This traffic with its requests named as given, such as the statements a JDBC capture logged. */
    public Traffic withRequests(SortedMap<String, Long> named) {
        return new Traffic(named, roundTrips, documents, bytesSent, bytesReceived, unseen);
    }

    /** This traffic with {@code statements} the server ran that dbbench did not see. */
    public Traffic withUnseen(long statements) {
        return new Traffic(requests, roundTrips, documents, bytesSent, bytesReceived, statements);
    }

    /** Whether the call sent nothing at all: no request, no round trip, and nothing the server ran unseen. */
    public boolean empty() {
        return requests.isEmpty() && roundTrips == 0 && documents == 0 && bytesSent == 0 && unseen == 0;
    }
}
