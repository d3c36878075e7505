package dev.orrery.benchmarks;

import dev.orrery.schedule.EcsSystem;
import dev.orrery.schedule.Phase;
import dev.orrery.schedule.Schedule;
import dev.orrery.world.MessageType;
import dev.orrery.world.Messages;
import dev.orrery.world.World;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.infra.Blackhole;

/**
 * Messages: one frame ({@code Schedule.run}) in which a sender system sends {@value #PER_FRAME}
 * messages of one type and three reader systems each read all of them. Score: <b>ns per message</b>
 * (the frame's time divided by {@value #PER_FRAME}: one send and three reads); {@link #sendOnly}
 * measures sending alone, outside a run, to a type without readers (held until its maximum age).
 * With {@code -prof gc}, bytes per message: the values are allocated once, in set-up, so a warm
 * buffer shows 0 B per message.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@State(Scope.Thread)
public class MessagesBenchmark {
    /** Messages sent per frame. */
    static final int PER_FRAME = 10_000;
    private static final MessageType<Object> DAMAGE = MessageType.of("bench/Damage");
    private static final MessageType<Object> UNREAD = MessageType.of("bench/Unread");

    private final Object[] values = new Object[PER_FRAME];
    private World world;
    private World sendWorld;
    private Schedule schedule;
    private Schedule idle;
    private Blackhole sink;

    /** Builds the schedule (sender, three readers) and runs a few frames to warm the buffers. */
    @Setup
    public void setUp(Blackhole blackhole) {
        sink = blackhole;
        for (int k = 0; k < PER_FRAME; k++) {
            values[k] = new Object();
        }
        world = new World();
        sendWorld = new World();
        EcsSystem sender = EcsSystem.define("bench/send", Phase.PRE_UPDATE, (w, dt) -> {
            Object[] vs = values;
            for (Object v : vs) {
                w.send(DAMAGE, v);
            }
        });
        EcsSystem[] readers = new EcsSystem[3];
        for (int r = 0; r < readers.length; r++) {
            readers[r] = EcsSystem.builder("bench/read " + r).readsMessages(DAMAGE).run((w, dt) -> {
                Messages<Object> m = w.messages(DAMAGE);
                for (int k = 0, n = m.size(); k < n; k++) {
                    sink.consume(m.get(k));
                }
            }).build();
        }
        schedule = Schedule.builder("bench").systems(sender).systems(readers).build();
        idle = Schedule.builder("idle").systems(EcsSystem.define("bench/idle", (w, dt) -> { })).build();
        for (int f = 0; f < 10; f++) {
            schedule.run(world, 0.016);
            sendOnly();
        }
    }

    /** One frame: {@value #PER_FRAME} sends, three readers reading each message once. */
    @Benchmark
    @OperationsPerInvocation(PER_FRAME)
    public void sendAndReadWithThreeReaders() {
        schedule.run(world, 0.016);
    }

    /** {@value #PER_FRAME} sends outside a run, to a type nobody reads, followed by a frame of an empty schedule. */
    @Benchmark
    @OperationsPerInvocation(PER_FRAME)
    public void sendOnly() {
        World w = sendWorld;
        Object[] vs = values;
        for (Object v : vs) {
            w.send(UNREAD, v);
        }
        idle.run(w, 0.016); // a frame of an empty schedule: ages out the older frames' messages
    }
}
