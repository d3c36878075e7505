package dev.orrery.schedule;

import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;

/** Helpers shared by the schedule tests. */
final class Fixtures {
    static final RunFunction NOOP = (world, dt) -> { };

    private Fixtures() {
    }

    /** A system in OnUpdate. */
    static EcsSystem sys(String name) {
        return EcsSystem.define(name, NOOP);
    }

    /** A system in the given phase. */
    static EcsSystem sys(String name, Phase phase) {
        return EcsSystem.define(name, phase, NOOP);
    }

    /** A builder for a system whose run does nothing. */
    static EcsSystem.Builder sysB(String name) {
        return EcsSystem.builder(name).run(NOOP);
    }

    /** Builds and expects a {@link ScheduleBuildException}. */
    static ScheduleBuildException fails(ScheduleBuilder builder) {
        return assertThrows(ScheduleBuildException.class, builder::build);
    }

    static List<String> names(List<? extends Object> items) {
        List<String> out = new ArrayList<>();
        for (Object o : items) {
            if (o instanceof Phase p) {
                out.add(p.name());
            } else if (o instanceof OrderTarget t) {
                out.add(t.name());
            } else {
                out.add(String.valueOf(o));
            }
        }
        return out;
    }

    /** The builtin phase names with {@code inserted} placed right after builtin {@code after} (null: at the start). */
    static List<String> builtinsWith(String after, String... inserted) {
        List<String> out = new ArrayList<>();
        if (after == null) {
            out.addAll(List.of(inserted));
        }
        for (Phase p : Phase.BUILTIN) {
            out.add(p.name());
            if (p.name().equals(after)) {
                out.addAll(List.of(inserted));
            }
        }
        return out;
    }
}
