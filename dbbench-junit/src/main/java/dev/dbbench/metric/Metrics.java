package dev.dbbench.metric;

import java.util.List;
import java.util.Optional;

/**
 * Every kind of metric dbbench measures, in the order files, tables and messages show them. A new
 * kind is registered here, once.
 */
public final class Metrics {

    public static final WallTime TIME = new WallTime();
    public static final ServerCpu SERVER_CPU = new ServerCpu();
    public static final Plans PLANS = new Plans();
    public static final CommandPlans COMMAND_PLANS = new CommandPlans();
    public static final Storage STORAGE = new Storage();
    public static final Instructions INSTRUCTIONS = new Instructions();
    public static final TrafficCounts TRAFFIC = new TrafficCounts();
    public static final WriteCounts WRITES = new WriteCounts();
    public static final Allocations ALLOCATIONS = new Allocations();
    public static final Throughput THROUGHPUT = new Throughput();
    public static final Latency LATENCY = new Latency();

    /** Each metric once, in display order. */
    public static final List<Metric<?, ?>> ALL = List.of(TIME, THROUGHPUT, LATENCY, SERVER_CPU, INSTRUCTIONS, TRAFFIC,
            WRITES, ALLOCATIONS, PLANS, COMMAND_PLANS, STORAGE);

    private Metrics() {
    }

    /** The metric stored under a key, if this version of dbbench knows it. */
    public static Optional<Metric<?, ?>> byId(String id) {
        return ALL.stream().filter(metric -> metric.id().equals(id)).findFirst();
    }
}
