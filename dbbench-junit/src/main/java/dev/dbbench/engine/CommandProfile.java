package dev.dbbench.engine;

import java.util.List;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;

/**
 * What a MongoDB server did for the commands of one call of a benchmark body, command by command
 * shape: from the server's own profiler on a real {@code mongod}, which records every operation on the
 * class's database with the keys and documents it examined and its plan. The emulator has no
 * profiler; there only the commands its clients sent are known ({@code profiled} false).
 *
 * @param commands each command shape the call ran, in the order first seen
 * @param profiled whether the server's profiler gave the figures below; false on the emulator
 * @param commandsPerOp commands one call sent to the class's database, counting repeats
 */
public record CommandProfile(List<Command> commands, boolean profiled, long commandsPerOp) {

    public CommandProfile {
        commands = List.copyOf(commands);
    }

    /**
     * One command shape.
     *
     * @param command the shape: command, collection, the keys of its filter, sort and projection, its
     *     pipeline's stages, literals left out ({@code find products {brand: ?}})
     * @param executionsPerOp how often one call ran it
     * @param plan the winning plan's summary, as the profiler gives it ({@code IXSCAN { brand: 1 }},
     *     {@code COLLSCAN}); empty where the command has none or the server was not profiled
     * @param keysExamined index keys examined per call, all its executions together
     * @param docsExamined documents examined per call
     * @param returned documents returned per call
     * @param collectionScans collections the plan scanned whole
     * @param indexes indexes the plan used, by name
     */
    @JsonPropertyOrder({"command", "executionsPerOp", "plan", "keysExamined", "docsExamined", "returned",
            "collectionScans", "indexes"})
    public record Command(String command, long executionsPerOp, String plan, long keysExamined, long docsExamined,
            long returned, List<String> collectionScans, List<String> indexes) {

        public Command {
            collectionScans = List.copyOf(collectionScans);
            indexes = List.copyOf(indexes);
        }
    }

    /** Documents one call examined, over every command. */
    public long docsExaminedPerOp() {
        return commands.stream().mapToLong(Command::docsExamined).sum();
    }

    /** Index keys one call examined, over every command. */
    public long keysExaminedPerOp() {
        return commands.stream().mapToLong(Command::keysExamined).sum();
    }
}
