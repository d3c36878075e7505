package dev.orrery.schedule.fixed;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.orrery.schedule.EcsSystem;
import dev.orrery.schedule.FixedPhases;
import dev.orrery.schedule.Phase;
import dev.orrery.schedule.Schedule;
import dev.orrery.schedule.VirtualTime;
import dev.orrery.world.MessageStats;
import dev.orrery.world.MessageType;
import dev.orrery.world.World;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;

/**
 * Messages across fixed steps: at random frame rates (frames of zero to several steps, pauses
 * included) a reader in a fixed phase reads each message exactly once, in send order, and so does a
 * reader in a variable phase; nothing is dropped, whatever the types' maximum age. Runs on both
 * dispatch engines (the suite runs twice).
 */
class FixedStepMessagesPropertyTest {
    @Property(tries = 200)
    void aFixedReaderReadsEachMessageExactlyOnceWhetherAFrameRunsZeroOrNSteps(@ForAll long seed) {
        Random random = new Random(seed);
        MessageType<Integer> type = MessageType.of("test/Input", 1 + random.nextInt(3));
        World world = new World();
        List<Integer> fixedGot = new ArrayList<>();
        List<Integer> variableGot = new ArrayList<>();
        int[] next = {0};
        int[] perFrame = {0};
        Schedule s = Schedule.builder("s").systems(
                EcsSystem.define("input", Phase.PRE_UPDATE, (w, dt) -> {
                    for (int k = 0; k < perFrame[0]; k++) {
                        w.send(type, next[0]++);
                    }
                }),
                EcsSystem.builder("physics").phase(FixedPhases.FIXED_UPDATE).readsMessages(type)
                        .run((w, dt) -> w.messages(type).forEach(fixedGot::add)).build(),
                EcsSystem.builder("ui").phase(Phase.ON_UPDATE).readsMessages(type)
                        .run((w, dt) -> w.messages(type).forEach(variableGot::add)).build())
                .build();
        double step = FixedPhases.DEFAULT_CLOCK.stepSeconds();
        VirtualTime time = VirtualTime.of(world);
        int frames = 1 + random.nextInt(40);
        for (int f = 0; f < frames; f++) {
            perFrame[0] = random.nextInt(3);
            if (random.nextInt(8) == 0) {
                if (time.isPaused()) {
                    time.resume();
                } else {
                    time.pause();
                }
            }
            double dt = switch (random.nextInt(4)) {
                case 0 -> step * random.nextDouble() / 8; // 144 Hz and faster: mostly no step
                case 1 -> step * random.nextDouble();
                case 2 -> step * (1 + random.nextInt(3));
                default -> step * 3 * random.nextDouble();
            };
            s.run(world, dt);
            if (random.nextBoolean()) {
                world.send(type, next[0]++); // between frames
            }
        }
        time.resume();
        perFrame[0] = 0;
        s.run(world, step); // exactly one step: everything sent so far is read
        List<Integer> all = IntStream.range(0, next[0]).boxed().collect(Collectors.toList());
        assertEquals(all, fixedGot, "the fixed reader, each message once, in order");
        assertEquals(all, variableGot, "the variable reader, each message once, in order");
        MessageStats stats = world.messageStats(type);
        assertEquals(0, stats.dropped());
        assertEquals(0, stats.buffered());
    }
}
