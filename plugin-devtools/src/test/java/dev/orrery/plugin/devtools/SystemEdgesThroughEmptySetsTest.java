package dev.orrery.plugin.devtools;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.orrery.schedule.EcsSystem;
import dev.orrery.schedule.Phase;
import dev.orrery.schedule.Schedule;
import dev.orrery.schedule.SystemSet;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Beyond the spec (Orrery's own): the devtools' pair view follows a chain through an empty set only within
 * a phase, as the schedule orders; across phases such a chain orders nothing and is not listed.
 */
class SystemEdgesThroughEmptySetsTest {
    @Test
    void a_chain_through_an_empty_set_lists_pairs_of_one_phase_only() {
        SystemSet e = SystemSet.define("E");
        EcsSystem early = EcsSystem.builder("early").before(e).run((w, dt) -> { }).build();
        EcsSystem same = EcsSystem.builder("same").after(e).run((w, dt) -> { }).build();
        EcsSystem other = EcsSystem.builder("other").phase(Phase.PRE_UPDATE).after(e).run((w, dt) -> { }).build();
        Schedule s = Schedule.builder("main").sets(e).systems(other, same, early).orderThroughEmptySets(true).build();
        List<String> pairs = SystemEdges.of(s).all().stream().map(o -> o.from().name() + "->" + o.to().name()).toList();
        assertEquals(List.of("early->same"), pairs);
    }
}
