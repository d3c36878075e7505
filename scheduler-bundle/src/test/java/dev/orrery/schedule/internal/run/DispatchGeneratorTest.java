package dev.orrery.schedule.internal.run;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.orrery.schedule.Condition;
import dev.orrery.schedule.EcsSystem;
import dev.orrery.schedule.internal.plan.BuildInput;
import dev.orrery.schedule.internal.plan.PlanCompiler;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Which systems the generated code runs as one same-class loop ({@link DispatchGenerator#sameClassRun}). */
class DispatchGeneratorTest {
    private static RunLayout layout(List<EcsSystem> systems) {
        return new RunLayout(PlanCompiler.compile(new BuildInput("x", List.of(), List.of(), List.of(), systems, false)), true);
    }

    @Test
    void systems_of_one_run_function_class_without_conditions_form_one_run() {
        List<EcsSystem> all = new ArrayList<>();
        for (int k = 0; k < 10; k++) {
            all.add(EcsSystem.define("s" + k, (w, dt) -> { })); // one lambda class for all ten
        }
        assertEquals(10, DispatchGenerator.sameClassRun(layout(all), 0, 10), "the ten systems form one run");
    }

    @Test
    void a_condition_or_another_class_ends_the_run() {
        Condition yes = w -> true;
        List<EcsSystem> all = new ArrayList<>();
        for (int k = 0; k < 6; k++) {
            all.add(EcsSystem.define("s" + k, (w, dt) -> { }));
        }
        all.set(3, EcsSystem.builder("s3").runIf(yes).run((w, dt) -> { }).build());
        RunLayout layout = layout(all);
        assertEquals(3, DispatchGenerator.sameClassRun(layout, 0, 6));
        assertEquals(3, DispatchGenerator.sameClassRun(layout, 3, 6), "a system with a condition is a run of none");
        assertEquals(6, DispatchGenerator.sameClassRun(layout, 4, 6));
    }
}
