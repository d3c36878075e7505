package dev.orrery.demo.dnd;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orrery.demo.dnd.model.BattleConfig;
import dev.orrery.demo.dnd.model.CombatLog;
import dev.orrery.demo.dnd.model.DndTraits;
import dev.orrery.demo.dnd.model.Stage;
import dev.orrery.world.Trait;
import dev.orrery.world.snapshot.SnapshotFormat;
import dev.orrery.world.snapshot.SnapshotOptions;
import dev.orrery.world.snapshot.WorldSnapshot;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The battle is world state: a battle saved after turn 10 and loaded into a fresh world (its setup
 * skipped, as the world has a battle) goes on with the same dice and gives the same combat log as the
 * battle that was never saved.
 */
class SaveLoadBattleTest {
    private static final long MAX_FRAMES = 200_000;

    @Test
    void aBattleLoadedAfterTurnTenEndsWithTheSameLog() throws Exception {
        for (SnapshotFormat format : SnapshotFormat.values()) {
            BattleConfig config = BattleConfig.defaults(42, false);
            List<String> straight = new Battle(config).runToEnd(MAX_FRAMES).log();

            Battle saved = new Battle(config);
            while (!(saved.state() != null && saved.state().turns() == 10 && saved.stage() == Stage.BETWEEN_TURNS)) {
                saved.frame();
                assertTrue(saved.frames < MAX_FRAMES && saved.stage() != Stage.OVER, "the battle reaches turn 10");
            }
            ByteArrayOutputStream file = new ByteArrayOutputStream();
            WorldSnapshot.save(saved.world, file, SnapshotOptions.builder().format(format).build());
            int before = saved.log().size();

            Battle loaded = new Battle(config);
            WorldSnapshot.restore(new ByteArrayInputStream(file.toByteArray()), loaded.world,
                    SnapshotOptions.builder().traits(DndTraits.PERSISTENT.toArray(new Trait<?>[0])).build());
            loaded.world.set(CombatLog.TRAIT, loaded.world.get(CombatLog.TRAIT).continuedOn(null));
            assertEquals(straight.subList(0, before), loaded.log(), format + ": the log up to the save came back");
            List<String> after = loaded.runToEnd(MAX_FRAMES).log();
            assertEquals(straight, after, format + ": the battle went on with the same dice");
            assertEquals(straight, saved.runToEnd(MAX_FRAMES).log(), format + ": saving changed nothing");
        }
    }
}
