package dev.orrery.schedule;

import static dev.orrery.schedule.Fixtures.sysB;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orrery.schedule.graph.AccessReport;
import dev.orrery.world.Trait;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Beyond the spec (Orrery's own, after the DAG reference's reads/writes and Bevy's ambiguity check):
 * {@link EcsSystem#reads()}, {@link EcsSystem#writes()} and {@link Schedule#accessReport()}.
 */
class AccessReportTest {
    private static final Trait<double[]> POSITION = Trait.of("Position", () -> new double[2]);
    private static final Trait<double[]> VELOCITY = Trait.of("Velocity", () -> new double[2]);

    @Test
    void the_reference_example_a_reader_after_a_writer_without_a_path_is_reported() {
        EcsSystem movement = sysB("movement").writes(POSITION).reads(VELOCITY).build();
        EcsSystem render = sysB("render").reads(POSITION).build();
        Schedule s = Schedule.builder("main").systems(movement, render).build();
        AccessReport r = s.accessReport();
        assertSame(r, s.accessReport());
        assertEquals(1, r.unorderedReads().size());
        assertEquals("'render' reads 'Position' written by 'movement' earlier in phase 'OnUpdate' without an ordering "
                + "path from 'movement' to 'render'", r.unorderedReads().get(0).toString());
        assertEquals(1, r.conflicts().size());
        assertEquals(AccessReport.ConflictKind.READ_WRITE, r.conflicts().get(0).kind());
        assertEquals(2, r.count());
    }

    @Test
    void a_declared_path_direct_or_through_a_set_silences_both() {
        SystemSet sim = SystemSet.define("sim");
        EcsSystem movement = sysB("movement").writes(POSITION).sets(sim).build();
        EcsSystem middle = sysB("middle").after(sim).build();
        EcsSystem render = sysB("render").reads(POSITION).after(middle).build();
        assertTrue(Schedule.builder("main").sets(sim).systems(movement, middle, render).build().accessReport().isEmpty());
    }

    @Test
    void a_reader_before_the_writer_is_a_conflict_but_not_an_unordered_read() {
        EcsSystem render = sysB("render").reads(POSITION).build();
        EcsSystem movement = sysB("movement").writes(POSITION).build();
        AccessReport r = Schedule.builder("main").systems(render, movement).build().accessReport();
        assertEquals(List.of(), r.unorderedReads());
        assertEquals(1, r.conflicts().size());
        assertEquals("render", r.conflicts().get(0).first().name());
    }

    @Test
    void write_write_in_one_phase_is_a_conflict_and_other_phases_are_ordered_by_phase() {
        EcsSystem a = sysB("a").writes(POSITION).build();
        EcsSystem b = sysB("b").writes(POSITION, VELOCITY).build();
        EcsSystem c = sysB("c").phase(Phase.ON_STORE).reads(POSITION).build();
        AccessReport r = Schedule.builder("main").systems(a, b, c).build().accessReport();
        assertEquals(1, r.conflicts().size());
        assertEquals(AccessReport.ConflictKind.WRITE_WRITE, r.conflicts().get(0).kind());
        assertEquals(List.of(POSITION), r.conflicts().get(0).traits());
        assertEquals(List.of(), r.unorderedReads());
    }

    @Test
    void reads_only_never_conflict_and_without_plugins_drops_entries() {
        EcsSystem a = sysB("a").reads(POSITION).build();
        EcsSystem b = sysB("b").reads(POSITION).build();
        assertTrue(Schedule.builder("main").systems(a, b).build().accessReport().isEmpty());
        EcsSystem w = sysB("w").writes(POSITION).build();
        Schedule s = Schedule.builder("main").plugins(Plugin.builder("p").systems(w).build()).systems(a).build();
        assertEquals(2, s.accessReport().count());
        assertEquals(0, s.withoutPlugins(Set.of("p")).accessReport().count());
    }

    @Test
    void declarations_are_metadata_the_system_keeps_them_in_order() {
        EcsSystem m = sysB("m").reads(VELOCITY, POSITION).writes(POSITION).build();
        assertEquals(List.of(VELOCITY, POSITION), m.reads());
        assertEquals(List.of(POSITION), m.writes());
    }
}
