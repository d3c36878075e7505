package dev.orrery.schedule.internal.run;

import dev.orrery.schedule.ScheduleState;
import dev.orrery.world.TraitCodec;
import dev.orrery.world.Tree;
import java.util.ArrayList;
import java.util.List;

/**
 * A schedule's state record in a snapshot (disabled systems and phases, OnStart progress), so a
 * restored world resumes with the same toggles and without re-running its OnStart systems.
 */
enum ScheduleStateCodec implements TraitCodec<ScheduleState> {
    INSTANCE;

    @Override
    public Tree encode(ScheduleState s) {
        return Tree.obj("name", Tree.of(s.name()), "disabled", names(s.disabled()), "onStartDone", Tree.of(s.onStartDone()),
                "onStartConsidered", names(s.onStartConsidered()), "disabledPhases", names(s.disabledPhases()));
    }

    @Override
    public ScheduleState decode(Tree tree) {
        if (!(tree instanceof Tree.Obj o) || !(o.get("name") instanceof Tree.Text name)
                || !(o.get("onStartDone") instanceof Tree.Bool done)) {
            throw new IllegalArgumentException("ScheduleState: expected an object with name and onStartDone, got " + tree);
        }
        return ScheduleState.builder(name.value()).disabled(names(o, "disabled")).onStartDone(done.value())
                .onStartConsidered(names(o, "onStartConsidered")).disabledPhases(names(o, "disabledPhases")).build();
    }

    private static Tree names(List<String> names) {
        List<Tree> items = new ArrayList<>(names.size());
        names.forEach(n -> items.add(Tree.of(n)));
        return new Tree.Array(items);
    }

    private static List<String> names(Tree.Obj o, String field) {
        if (!(o.get(field) instanceof Tree.Array a)) {
            throw new IllegalArgumentException("ScheduleState." + field + ": expected an array of names");
        }
        List<String> out = new ArrayList<>(a.items().size());
        for (Tree t : a.items()) {
            if (!(t instanceof Tree.Text s)) {
                throw new IllegalArgumentException("ScheduleState." + field + ": expected names, got " + t);
            }
            out.add(s.value());
        }
        return out;
    }
}
