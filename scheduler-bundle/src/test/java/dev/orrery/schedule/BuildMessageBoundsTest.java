package dev.orrery.schedule;

import static dev.orrery.schedule.Fixtures.fails;
import static dev.orrery.schedule.Fixtures.sysB;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orrery.schedule.graph.BuildCycle;
import dev.orrery.schedule.graph.BuildItem;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Build messages are bounded whatever the input (SCH-017, SCH-103, SCH-141): a cycle through
 * thousands of systems is shortened with "… N more …", a message that is still too long is cut,
 * and an exception lists a bounded number of problems; the data ({@link BuildProblem#items()},
 * {@link BuildProblem#cycles()}, {@link ScheduleBuildException#problems()}) stays complete, and the
 * message still names the schedule and the items at fault.
 */
@Tag("engine-independent")
class BuildMessageBoundsTest {

    /** {@code n} systems in one ring: s0 before s1 before … before s(n-1) before s0. */
    private static List<EcsSystem> ring(int n, String format) {
        List<EcsSystem> systems = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            systems.add(sysB(String.format(format, i)).beforeIfPresent(String.format(format, (i + 1) % n)).build());
        }
        return systems;
    }

    private static String node(BuildCycle.Step step) {
        return "'" + step.from().name() + "'";
    }

    /** The shortened text, from the cycle's own data: 10 + 2 nodes and steps around the gap. */
    private static String shortened(BuildCycle cycle) {
        List<BuildCycle.Step> s = cycle.steps();
        int n = s.size();
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < 10; i++) {
            sb.append(node(s.get(i))).append(" → ");
        }
        sb.append("… ").append(n - 12).append(" more … → ").append(node(s.get(n - 2))).append(" → ")
                .append(node(s.get(n - 1))).append(" → ").append(node(s.get(0))).append(": ");
        sb.append(s.subList(0, 10).stream().map(BuildCycle.Step::text).collect(Collectors.joining("; ")));
        sb.append("; … ").append(n - 12).append(" more steps …; ").append(s.get(n - 2).text()).append("; ")
                .append(s.get(n - 1).text());
        return sb.toString();
    }

    @Test
    void SCH_017_a_cycle_of_ten_thousand_systems_gives_a_short_one_line_message_and_complete_data() {
        ScheduleBuildException e = fails(Schedule.builder("main").systems(ring(10_000, "s%05d")));
        String message = e.getMessage();
        assertTrue(message.length() < 3_000, "length " + message.length());
        assertFalse(message.contains("\n"), "one line");
        assertTrue(message.startsWith("schedule 'main': the before/after edges of systems in phase 'OnUpdate' form a "
                + "cycle: 's00000' → 's00001' → "), message);
        assertTrue(message.contains(" → 's00009' → … 9988 more … → 's09998' → 's09999' → 's00000': "), message);
        assertTrue(message.contains("; … 9988 more steps …; "), message);
        BuildProblem p = e.problems().get(0);
        BuildCycle cycle = p.cycles().get(0);
        assertEquals(10_000, cycle.steps().size(), "the data keeps every step");
        assertEquals(10_000, p.items().size(), "and every system at fault");
        assertEquals("schedule 'main': the before/after edges of systems in phase 'OnUpdate' form a cycle: "
                + shortened(cycle), message);
    }

    @Test
    void SCH_017_a_cycle_is_shown_in_full_up_to_the_limit_and_shortened_beyond() {
        int full = BuildProblem.FULL_CYCLE_STEPS;
        BuildProblem atLimit = fails(Schedule.builder("main").systems(ring(full, "s%02d"))).problems().get(0);
        assertEquals("the before/after edges of systems in phase 'OnUpdate' form a cycle: "
                + atLimit.cycles().get(0), atLimit.message(), "in full");
        BuildProblem beyond = fails(Schedule.builder("main").systems(ring(full + 1, "s%02d"))).problems().get(0);
        assertEquals("the before/after edges of systems in phase 'OnUpdate' form a cycle: "
                + shortened(beyond.cycles().get(0)), beyond.message());
        assertTrue(beyond.message().contains("… 21 more …"), beyond.message());
    }

    @Test
    void SCH_103_a_long_phase_cycle_is_shortened_too() {
        int n = 50;
        List<Phase> list = new ArrayList<>();
        list.add(Phase.builder("P00").dependsOn(Phase.ON_UPDATE).build());
        for (int i = 1; i < n; i++) {
            Phase.Builder b = Phase.builder(String.format("P%02d", i)).dependsOn(list.get(i - 1));
            if (i == n - 1) {
                b.before(list.get(0)); // closes the ring
            }
            list.add(b.build());
        }
        ScheduleBuildException e = fails(Schedule.builder("main").phases(list));
        BuildProblem p = e.problems().stream().filter(q -> q.kind() == BuildProblem.Kind.PHASE_CYCLE).findFirst()
                .orElseThrow(() -> new AssertionError(e.getMessage()));
        BuildCycle cycle = p.cycles().get(0);
        assertTrue(cycle.steps().size() > BuildProblem.FULL_CYCLE_STEPS, cycle.path());
        assertEquals("the phase graph has a cycle: " + shortened(cycle), p.message());
    }

    @Test
    void SCH_141_an_exception_lists_a_bounded_number_of_problems_and_keeps_them_all_as_data() {
        List<EcsSystem> systems = new ArrayList<>();
        for (int i = 0; i < 1_000; i++) {
            systems.add(sysB("twice" + i).build());
            systems.add(sysB("twice" + i).build());
        }
        ScheduleBuildException e = fails(Schedule.builder("main").systems(systems));
        assertEquals(1_000, e.problems().size());
        String[] lines = e.getMessage().split("\n");
        assertEquals("schedule 'main': 1000 problems:", lines[0]);
        assertEquals(1 + ScheduleBuildException.MAX_LISTED_PROBLEMS + 1, lines.length);
        assertEquals("  - " + e.problems().get(0).message(), lines[1]);
        assertEquals("  - … and 980 more problems (problems() lists them all)", lines[lines.length - 1]);
    }

    @Test
    void SCH_141_a_huge_name_cannot_make_a_huge_message() {
        String huge = "x".repeat(200_000);
        EcsSystem self = sysB(huge).beforeIfPresent(huge).build();
        ScheduleBuildException e = fails(Schedule.builder("main").systems(self));
        BuildProblem p = e.problems().get(0);
        assertTrue(p.message().length() <= BuildProblem.MAX_MESSAGE_LENGTH, "length " + p.message().length());
        assertTrue(p.message().startsWith("the before/after edges of systems in phase 'OnUpdate' form a cycle: 'xxx"));
        assertTrue(p.message().endsWith(" more characters cut; items() and cycles() are complete)"), p.message()
                .substring(p.message().length() - 100));
        assertEquals(List.of(new BuildItem(BuildItem.Kind.SYSTEM, huge, "main")), p.items(), "the data is complete");
        assertTrue(e.getMessage().length() <= ScheduleBuildException.MAX_MESSAGE_LENGTH);
    }

    @Test
    void a_problem_built_with_a_long_message_is_cut_without_splitting_a_surrogate_pair() {
        int keep = BuildProblem.MAX_MESSAGE_LENGTH - 80;
        String message = "a".repeat(keep - 1) + "\uD83D\uDE00" + "b".repeat(100);
        BuildProblem p = BuildProblem.builder(BuildProblem.Kind.UNKNOWN_SYSTEM, message).build();
        assertTrue(p.message().length() <= BuildProblem.MAX_MESSAGE_LENGTH);
        assertEquals("a".repeat(keep - 1) + " … (102 more characters cut; items() and cycles() are complete)",
                p.message());
        String fits = "c".repeat(BuildProblem.MAX_MESSAGE_LENGTH);
        assertEquals(fits, BuildProblem.builder(BuildProblem.Kind.UNKNOWN_SYSTEM, fits).build().message());
    }
}
