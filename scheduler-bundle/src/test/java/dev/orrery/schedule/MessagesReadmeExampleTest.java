package dev.orrery.schedule;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.orrery.world.MessageType;
import dev.orrery.world.World;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The example of the README's "Messages" section, as written there (with a world and a sound stand-in). */
class MessagesReadmeExampleTest {
    record Damage(long target, int amount) { }

    static final MessageType<Damage> DAMAGE = MessageType.of("combat/Damage");

    private final List<String> played = new ArrayList<>();

    private void play(String sound, int amount) {
        played.add(sound + " " + amount);
    }

    @Test
    void theRulesSendDamageAndTheSoundsReadItOncePerFrame() {
        World world = new World();
        long orc = world.spawn();

        EcsSystem attack = EcsSystem.define("rules/attack", (w, dt) -> w.send(DAMAGE, new Damage(orc, 7)));
        EcsSystem sounds = EcsSystem.builder("sounds/hit").after(attack).readsMessages(DAMAGE)
                .run((w, dt) -> w.messages(DAMAGE).forEach(d -> play("hit", d.amount()))).build();

        Schedule schedule = Schedule.builder("game").systems(attack, sounds).build();
        schedule.run(world, 0.016);
        schedule.run(world, 0.016);
        assertEquals(List.of("hit 7", "hit 7"), played);
        assertEquals(2, world.messageStats(DAMAGE).sent());
        assertEquals(0, world.messageStats(DAMAGE).buffered(), "read by its one reader: released");
    }
}
