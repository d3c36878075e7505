package dev.orrery.schedule;

import java.util.ArrayList;
import java.util.List;

/**
 * An independent model of one schedule's OnStart phase and its toggles in one world, written from
 * the rules (SCH-036, SCH-050..056, SCH-112, SCH-113, SCH-153, Orrery's late joiners, truthful
 * record and phase toggle), not from the engine: the state record as plain lists, the systems'
 * and conditions' scripts replayed in order. The schedule it models has OnStart systems
 * {@code a, b, c} (in that order; {@code c} only in every other build, which adopts the state of
 * the one before) and one OnUpdate system {@code u}, each with a run condition;
 * {@link OnStartTogglesPropertyTest} drives both.
 *
 * <p>The rules, as modelled:
 * <ul>
 *   <li>Every run API call and every toggle first adds the record when the world lacks it (the
 *       initial record) and makes it truthful: a record that says done while one of the schedule's
 *       OnStart systems is not in {@code considered} is written with {@code done=false}. A toggle
 *       of a system the schedule lacks ({@code c} in a build without it) is not called.</li>
 *   <li>A toggle writes a record only when its list changes: {@code disable} appends a name that is
 *       absent, {@code enable} removes one that is present (SCH-055: idempotent).</li>
 *   <li>An OnStart pass considers the systems not in {@code considered} <em>when the pass begins</em>
 *       (none, with the record saying done: the pass is skipped). At its turn, such a system is held
 *       back when the OnStart phase is disabled, skipped when it is disabled, else its condition is
 *       tested and it runs when that holds: each reads the record as it is at that moment (SCH-056,
 *       SCH-153). When the pass ends without a
 *       throw and considered at least one system (or held none), the record then in the world gets
 *       the considered systems appended (those already there keep their place), minus the held ones;
 *       done when all the schedule's OnStart systems are in it and none was held.</li>
 *   <li>A throw ends the call; nothing more is written (SCH-112).</li>
 * </ul>
 */
final class OnStartModel {
    static final List<String> ON_START = List.of("a", "b", "c");
    /** Index of the OnStart system present only in every other build. */
    static final int LATE = 2;
    static final List<String> SYSTEMS = List.of("a", "b", "c", "u");
    static final String PHASE = "OnStart";

    /** The record: null while the world lacks it. */
    static final class Record {
        List<String> disabled = new ArrayList<>();
        boolean done;
        List<String> considered = new ArrayList<>();
        List<String> disabledPhases = new ArrayList<>();

        Record copy() {
            Record r = new Record();
            r.disabled = new ArrayList<>(disabled);
            r.done = done;
            r.considered = new ArrayList<>(considered);
            r.disabledPhases = new ArrayList<>(disabledPhases);
            return r;
        }

        ScheduleState toState(String name) {
            return ScheduleState.builder(name).disabled(disabled).onStartDone(done).onStartConsidered(considered)
                    .disabledPhases(disabledPhases).build();
        }
    }

    /** Thrown by a system's script: ends the call. */
    static final class Thrown extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Thrown() {
            super("scripted throw", null, false, false);
        }
    }

    /** The systems' and conditions' scripts; targets index {@link #SYSTEMS}, masks select names. */
    interface Script {
        /** @return the actions of the {@code run}-th run (from 0) of system {@code system}, or an empty list */
        List<Act> actions(int system, int run);

        /** @return the actions of the {@code test}-th test (from 0) of the system's condition */
        List<Act> conditionActions(int system, int test);

        /** @return the result of that test */
        boolean holds(int system, int test);
    }

    private final Script script;
    private final int[] runs = new int[SYSTEMS.size()];
    private final int[] tests = new int[SYSTEMS.size()];
    /** Whether the current build has OnStart system {@code c}. */
    boolean withLate = true;
    Record record;
    final List<String> trace = new ArrayList<>();

    OnStartModel(Script script) {
        this.script = script;
    }

    /** @return whether the current build has the system */
    boolean has(int system) {
        return system != LATE || withLate;
    }

    /** @return the current build's OnStart systems, in order */
    List<String> onStart() {
        return withLate ? ON_START : List.of(ON_START.get(0), ON_START.get(1));
    }

    private Record present() {
        if (record == null) {
            record = new Record();
        }
        if (record.done && !record.considered.containsAll(onStart())) {
            record = record.copy();
            record.done = false;
        }
        return record;
    }

    /** An outside or scripted action; run kinds only from outside. */
    void apply(Act act) {
        switch (act.kind()) {
            case ENABLE, DISABLE -> {
                if (!has(act.target())) {
                    return;
                }
                Record r = present();
                String name = SYSTEMS.get(act.target());
                boolean want = act.kind() == Act.Kind.DISABLE;
                if (r.disabled.contains(name) != want) {
                    r = r.copy();
                    if (want) {
                        r.disabled.add(name);
                    } else {
                        r.disabled.remove(name);
                    }
                    record = r;
                }
            }
            case ENABLE_PHASE, DISABLE_PHASE -> {
                Record r = present();
                boolean want = act.kind() == Act.Kind.DISABLE_PHASE;
                if (r.disabledPhases.contains(PHASE) != want) {
                    r = r.copy();
                    if (want) {
                        r.disabledPhases.add(PHASE);
                    } else {
                        r.disabledPhases.remove(PHASE);
                    }
                    record = r;
                }
            }
            case SET_DONE -> {
                Record r = base();
                for (String n : onStart()) {
                    if (!r.considered.contains(n)) {
                        r.considered.add(n);
                    }
                }
                r.done = true;
                record = r;
            }
            case SET_RESET -> {
                Record r = base();
                r.done = false;
                r.considered = new ArrayList<>();
                record = r;
            }
            case SET_DISABLED -> {
                Record r = base();
                r.disabled = select(SYSTEMS, act.mask());
                record = r;
            }
            case SET_CONSIDERED -> {
                Record r = base();
                r.considered = select(ON_START, act.mask());
                r.done = act.flag();
                record = r;
            }
            case THROW -> throw new Thrown();
            case RUN, RUN_PHASES -> call(true, true);
            case RUN_ON_START -> call(true, false);
            case RUN_ON_UPDATE -> call(false, true);
            case RESET_WORLD -> {
                record = null;
            }
            case REBUILD -> withLate = !withLate;
            default -> throw new AssertionError(act);
        }
    }

    /** @return a copy of the record in the world, or the initial record when it lacks one (not written) */
    private Record base() {
        return record == null ? new Record() : record.copy();
    }

    static List<String> select(List<String> names, int mask) {
        List<String> out = new ArrayList<>();
        for (int k = 0; k < names.size(); k++) {
            if ((mask & (1 << k)) != 0) {
                out.add(names.get(k));
            }
        }
        return out;
    }

    private void call(boolean onStart, boolean onUpdate) {
        present();
        if (onStart) {
            onStartPass();
        }
        if (onUpdate) {
            turn(3);
        }
    }

    private void onStartPass() {
        List<Integer> pending = new ArrayList<>();
        for (int i = 0; i < ON_START.size(); i++) {
            if (has(i) && !record.considered.contains(ON_START.get(i))) {
                pending.add(i);
            }
        }
        if (pending.isEmpty() && record.done) {
            return;
        }
        List<String> held = new ArrayList<>();
        int considered = 0;
        for (int i : pending) {
            String name = ON_START.get(i);
            Record now = record == null ? new Record() : record;
            if (now.disabledPhases.contains(PHASE)) {
                held.add(name);
            } else {
                considered++;
                turn(i);
            }
        }
        if (!held.isEmpty() && considered == 0) {
            return;
        }
        Record r = base();
        for (int i : pending) {
            String name = ON_START.get(i);
            if (!r.considered.contains(name)) {
                r.considered.add(name);
            }
        }
        r.done = r.considered.containsAll(onStart());
        if (!held.isEmpty()) {
            r.considered.removeAll(held);
            r.done = false;
        }
        record = r;
    }

    /**
     * System {@code i}'s turn: skipped when disabled in the record now, else its condition's script
     * runs and, when the condition holds, its own script.
     */
    private void turn(int i) {
        Record now = record == null ? new Record() : record;
        if (now.disabled.contains(SYSTEMS.get(i))) {
            return;
        }
        int test = tests[i]++;
        trace.add("?" + SYSTEMS.get(i));
        for (Act act : script.conditionActions(i, test)) {
            apply(act);
        }
        if (!script.holds(i, test)) {
            return;
        }
        trace.add(SYSTEMS.get(i));
        for (Act act : script.actions(i, runs[i]++)) {
            apply(act);
        }
    }

    /** @return whether the system (one the build has) is enabled in the record now (a query: adds nothing) */
    boolean isEnabled(int system) {
        return record == null || !record.disabled.contains(SYSTEMS.get(system));
    }

    /** @return whether OnStart is enabled in the record now */
    boolean isPhaseEnabled() {
        return record == null || !record.disabledPhases.contains(PHASE);
    }

    /**
     * One action.
     *
     * @param kind what it does
     * @param target for toggles: the index into {@link #SYSTEMS}
     * @param mask for record replacements: which names
     * @param flag for {@link Kind#SET_CONSIDERED}: the record's {@code onStartDone}
     */
    record Act(Kind kind, int target, int mask, boolean flag) {
        enum Kind {
            ENABLE, DISABLE, ENABLE_PHASE, DISABLE_PHASE, SET_DONE, SET_RESET, SET_DISABLED, SET_CONSIDERED, THROW,
            RUN, RUN_PHASES, RUN_ON_START, RUN_ON_UPDATE, RESET_WORLD, REBUILD
        }

        @Override
        public String toString() {
            return switch (kind) {
                case ENABLE, DISABLE -> kind + "(" + SYSTEMS.get(target) + ")";
                case SET_DISABLED -> kind + "" + select(SYSTEMS, mask);
                case SET_CONSIDERED -> kind + "" + select(ON_START, mask) + (flag ? " done" : "");
                default -> kind.toString();
            };
        }
    }
}
