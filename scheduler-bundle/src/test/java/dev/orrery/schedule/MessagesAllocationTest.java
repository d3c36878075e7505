package dev.orrery.schedule;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.orrery.testsupport.memory.AllocationMeter;
import dev.orrery.testsupport.memory.Measurement;
import dev.orrery.world.MessageType;
import dev.orrery.world.Messages;
import dev.orrery.world.World;
import org.junit.jupiter.api.Test;

/**
 * Sending and reading allocate nothing beyond the values once the buffers are warm, on both dispatch
 * engines (the suite runs twice).
 */
class MessagesAllocationTest {
    private static final MessageType<Object> DAMAGE = MessageType.of("test/Damage");
    private static final int PER_FRAME = 100;
    private final Object[] values = new Object[PER_FRAME];
    private long sum;

    MessagesAllocationTest() {
        for (int k = 0; k < PER_FRAME; k++) {
            values[k] = new Object();
        }
    }

    @Test
    void sendingAndReadingAWarmBufferAllocatesNothing() {
        assumeTrue(AllocationMeter.isSupported(), "this JVM cannot count allocated bytes per thread");
        World world = new World();
        EcsSystem sender = EcsSystem.define("rules/hit", Phase.PRE_UPDATE, (w, dt) -> {
            for (Object v : values) {
                w.send(DAMAGE, v);
            }
        });
        EcsSystem[] readers = new EcsSystem[3];
        for (int r = 0; r < readers.length; r++) {
            readers[r] = EcsSystem.builder("reader " + r).readsMessages(DAMAGE).run((w, dt) -> {
                Messages<Object> m = w.messages(DAMAGE);
                for (int k = 0, n = m.size(); k < n; k++) {
                    sum += m.get(k).hashCode();
                }
            }).build();
        }
        Schedule schedule = Schedule.builder("messages").systems(sender).systems(readers).build();
        Measurement m = AllocationMeter.standard().measure(() -> {
            for (int i = 0; i < 5_000; i++) {
                schedule.run(world, 0.016);
            }
        });
        assertEquals(0, m.leastBytes(), m.describe("5,000 frames of 100 messages and 3 readers"));
        assertEquals(0, world.messageStats(DAMAGE).dropped());
    }

    @Test
    void sendingOutsideARunAllocatesNothingOnceTheRingHasGrown() {
        assumeTrue(AllocationMeter.isSupported(), "this JVM cannot count allocated bytes per thread");
        World world = new World();
        Schedule frame = Schedule.builder("frame").systems(Fixtures.sys("idle")).build();
        Measurement m = AllocationMeter.standard().measure(() -> {
            for (int i = 0; i < 2_000; i++) {
                for (Object v : values) {
                    world.send(DAMAGE, v); // no reader: held until the maximum age
                }
                frame.run(world, 0.016);
            }
        });
        assertEquals(0, m.leastBytes(), m.describe("2,000 frames of 100 messages sent between frames"));
    }
}
