package dev.dbbench.engine.mongo;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import dev.dbbench.engine.CommandProfile;

/**
 * What a MongoDB server itself tells of the operations on one database during a captured call:
 * what they cost and how they ran where the server records it (a real {@code mongod}'s profiler),
 * and how many came from clients dbbench did not count.
 */
interface ServerRecord {

    /** What the server told of a call. */
    record Told(CommandProfile profile, long unseen) {
    }

    /** Starts recording the operations on {@code database}, before the call. */
    void start(String database);

    /** Stops recording after the call, and tells what it recorded beside what the counted clients sent. */
    Told stop(String database, CommandTraffic.Counted counted);

    /** The commands the counted clients sent, by shape, where the server tells nothing of how they ran. */
    static CommandProfile clientsOnly(CommandTraffic.Counted counted) {
        final List<CommandProfile.Command> commands = new ArrayList<>();
        for (Map.Entry<String, Long> command : counted.traffic().requests().entrySet()) {
            commands.add(new CommandProfile.Command(command.getKey(), command.getValue(), "", 0, 0, 0, List.of(),
                    List.of()));
        }
        return new CommandProfile(commands, false, counted.commands());
    }
}
