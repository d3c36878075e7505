package dev.orrery.schedule;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.orrery.world.Query;
import dev.orrery.world.Trait;
import dev.orrery.world.World;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The example of the README's "Observers" section, as written there (with a world, rules and a health bar). */
class ObserversReadmeExampleTest {
    record Fire(long on) { }

    /** A health bar stand-in that counts its flashes. */
    static final class HealthBar {
        final List<String> flashes = new ArrayList<>();

        void flash() {
            flashes.add("flash");
        }
    }

    static final Trait<String> BURNING = Trait.withDefault("Burning", "hot");
    static final Trait<Integer> HEALTH = Trait.withDefault("Health", 10);
    static final Trait<Fire> FIRE_EFFECT = Trait.withDefault("FireEffect", new Fire(-1));
    static final Trait<HealthBar> HEALTH_BAR = Trait.of("HealthBar", HealthBar::new);

    @Test
    void anAddedBurningSpawnsAFireAndAChangedHealthFlashesTheBar() {
        World world = new World();
        long orc = world.spawn(HEALTH.with(10), HEALTH_BAR.with(new HealthBar()));

        EcsObserver ignite = EcsObserver.builder("fx/ignite").onAdd(BURNING)
                .run((w, entity) -> w.spawn(FIRE_EFFECT.with(new Fire(entity))));
        EcsObserver flash = EcsObserver.builder("ui/flash").onChange(HEALTH)
                .run((w, entity) -> w.get(entity, HEALTH_BAR).flash());
        Plugin fx = Plugin.builder("fx").observers(ignite, flash).build();

        EcsSystem torch = EcsSystem.define("rules/torch", (w, dt) -> {
            w.add(orc, BURNING);
            w.set(orc, HEALTH, w.get(orc, HEALTH) - 1);
        });
        Schedule schedule = Schedule.builder("game").plugins(fx).systems(torch).build();
        schedule.run(world, 0.016);
        List<Long> fires = new ArrayList<>();
        world.query(Query.builder().with(FIRE_EFFECT).build()).forEach(e -> fires.add(world.get(e, FIRE_EFFECT).on()));
        assertEquals(List.of(orc), fires, "one fire, on the orc, spawned in the follow-up round");
        assertEquals(List.of("flash"), world.get(orc, HEALTH_BAR).flashes);
        assertEquals(List.of(1L, 1L), schedule.observerStats(world).stream().map(ObserverStats::fired).toList());
    }
}
