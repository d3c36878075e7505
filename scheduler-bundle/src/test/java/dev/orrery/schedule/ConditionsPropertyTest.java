package dev.orrery.schedule;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.orrery.world.World;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;

/**
 * Beyond the spec (Orrery's own): with several conditions per system and per set (each {@code runIf}
 * adds one), the checks and runs of random schedules equal a plain reference: per system in order,
 * skip if disabled, else test the conditions of its distinct sets in the order of its sets (each set's
 * in declaration order), then its own in declaration order, stopping at the first false; run when all
 * hold (SCH-118, SCH-124).
 */
class ConditionsPropertyTest {
    @Property(tries = 300)
    void several_conditions_per_system_and_set_match_the_reference(@ForAll long seed) {
        Random random = new Random(seed);
        int setCount = random.nextInt(4);
        int systemCount = 1 + random.nextInt(8);
        List<String> trace = new ArrayList<>();
        // flags[c]: the current result of condition c, redrawn before each pass
        List<boolean[]> flagHolder = new ArrayList<>();
        flagHolder.add(new boolean[64]);
        int[] nextCondition = {0};

        List<List<Integer>> setConditionIds = new ArrayList<>();
        List<SystemSet> sets = new ArrayList<>();
        for (int s = 0; s < setCount; s++) {
            SystemSet.Builder b = SystemSet.builder("set" + s);
            List<Integer> ids = new ArrayList<>();
            for (int c = random.nextInt(4); c > 0; c--) {
                int id = nextCondition[0]++;
                ids.add(id);
                b.runIf(w -> {
                    trace.add("?" + id);
                    return flagHolder.get(0)[id];
                });
            }
            setConditionIds.add(ids);
            sets.add(b.build());
        }
        List<EcsSystem> systems = new ArrayList<>();
        List<List<Integer>> systemSets = new ArrayList<>();
        List<List<Integer>> ownIds = new ArrayList<>();
        for (int i = 0; i < systemCount; i++) {
            String name = "s" + i;
            EcsSystem.Builder b = EcsSystem.builder(name).run((w, dt) -> trace.add(name));
            List<Integer> memberOf = new ArrayList<>();
            for (int m = setCount == 0 ? 0 : random.nextInt(4); m > 0; m--) {
                int s = random.nextInt(setCount); // duplicates allowed: a set counts once
                memberOf.add(s);
                b.sets(sets.get(s));
            }
            List<Integer> own = new ArrayList<>();
            for (int c = random.nextInt(4); c > 0; c--) {
                int id = nextCondition[0]++;
                own.add(id);
                b.runIf(w -> {
                    trace.add("?" + id);
                    return flagHolder.get(0)[id];
                });
            }
            systems.add(b.build());
            systemSets.add(memberOf);
            ownIds.add(own);
        }
        Schedule schedule = Schedule.builder("prop").sets(sets).systems(systems).build();
        World world = new World();
        boolean[] disabled = new boolean[systemCount];
        for (int i = 0; i < systemCount; i++) {
            if (random.nextInt(5) == 0) {
                disabled[i] = true;
                schedule.disable(world, systems.get(i));
            }
        }

        for (int pass = 0; pass < 3; pass++) {
            boolean[] flags = new boolean[64];
            for (int c = 0; c < flags.length; c++) {
                flags[c] = random.nextInt(4) != 0;
            }
            flagHolder.set(0, flags);
            trace.clear();
            schedule.run(world, 0);

            List<String> expected = new ArrayList<>();
            for (int i = 0; i < systemCount; i++) {
                if (disabled[i]) {
                    continue;
                }
                List<Integer> order = new ArrayList<>();
                for (int s : new LinkedHashSet<>(systemSets.get(i))) {
                    order.addAll(setConditionIds.get(s));
                }
                order.addAll(ownIds.get(i));
                boolean all = true;
                for (int id : order) {
                    expected.add("?" + id);
                    if (!flags[id]) {
                        all = false;
                        break;
                    }
                }
                if (all) {
                    expected.add("s" + i);
                }
            }
            assertEquals(expected, trace, "seed " + seed + ", pass " + pass);
        }
    }
}
