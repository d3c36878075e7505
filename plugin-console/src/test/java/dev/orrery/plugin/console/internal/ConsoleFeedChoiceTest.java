package dev.orrery.plugin.console.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import dev.orrery.plugin.console.TimingsFeed;
import dev.orrery.plugin.devtools.SystemTimings;
import dev.orrery.plugin.devtools.TimingsSource;
import dev.orrery.schedule.EcsSystem;
import dev.orrery.schedule.Phase;
import dev.orrery.schedule.Schedule;
import dev.orrery.world.World;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class ConsoleFeedChoiceTest {
    private final TimingsFeed own = new TimingsFeed() {
        @Override
        public String source() {
            return "console";
        }

        @Override
        public List<dev.orrery.plugin.devtools.SystemTiming> snapshot() {
            return List.of();
        }
    };

    @Test
    @DisplayName("the console reads the devtools' timings only when they time every frame; "
            + "sampled devtools (their default) or none: its own exact feed while a page listens")
    void feed_choice() {
        assertSame(own, ConsoleComponent.feedOf(null, own));
        SystemTimings sampled = new SystemTimings(System::nanoTime, 256);
        assertSame(own, ConsoleComponent.feedOf(() -> sampled, own));

        long[] now = {0};
        SystemTimings exact = new SystemTimings(() -> now[0] += 1_000, 1);
        TimingsSource devtools = () -> exact;
        TimingsFeed chosen = ConsoleComponent.feedOf(devtools, own);
        assertEquals("devtools", chosen.source());
        EcsSystem a = EcsSystem.builder("a").phase(Phase.ON_UPDATE).run((w, dt) -> { }).build();
        Schedule s = Schedule.builder("feed").systems(List.of(a)).hooks(exact).build();
        s.run(new World(), 0.016);
        assertEquals(List.of("a"), chosen.snapshot().stream().map(t -> t.system()).toList());
        assertEquals(1, chosen.snapshot().get(0).runs());
    }
}
