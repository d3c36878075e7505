package dev.orrery.schedule.condition;

import dev.orrery.world.TraitCodec;
import dev.orrery.world.Tree;

/** A timed condition's state in a snapshot: a cooldown saved half-way resumes half-way. */
enum TimerCodec implements TraitCodec<TimerState> {
    INSTANCE;

    @Override
    public Tree encode(TimerState s) {
        return Tree.obj("pass", Tree.of(s.pass), "result", Tree.of(s.result), "elapsed", Tree.of(s.elapsed),
                "next", Tree.of(s.next), "done", Tree.of(s.done));
    }

    @Override
    public TimerState decode(Tree tree) {
        if (!(tree instanceof Tree.Obj o) || !(o.get("pass") instanceof Tree.Int pass)
                || !(o.get("result") instanceof Tree.Bool result) || !(o.get("elapsed") instanceof Tree.Real elapsed)
                || !(o.get("next") instanceof Tree.Real next) || !(o.get("done") instanceof Tree.Bool done)) {
            throw new IllegalArgumentException("timer: expected pass, result, elapsed, next and done, got " + tree);
        }
        TimerState s = new TimerState();
        s.pass = pass.value();
        s.result = result.value();
        s.elapsed = elapsed.value();
        s.next = next.value();
        s.done = done.value();
        return s;
    }
}
