package dev.orrery.schedule.internal.run;

import dev.orrery.schedule.ClockedCondition;
import dev.orrery.schedule.Condition;
import dev.orrery.schedule.EcsSystem;
import dev.orrery.schedule.InitFunction;
import dev.orrery.schedule.PassClock;
import dev.orrery.schedule.Phase;
import dev.orrery.schedule.RunFunction;
import dev.orrery.schedule.RunProbe;
import dev.orrery.schedule.internal.plan.ExecutionPlan;
import dev.orrery.schedule.internal.plan.SystemIndex;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The {@link ExecutionPlan} in the flat form the run engine reads: plain arrays indexed by system,
 * phase and span position, derived once per schedule. Immutable after construction; the arrays are
 * never written and never handed out.
 *
 * <p>A <em>span</em> is a range of one phase's systems that a {@link SystemExecutor} runs without the
 * runner stepping in between two of them. A phase is one span unless its systems declare structural
 * barriers (in a {@linkplain #transactional transactional} schedule): {@code commitBefore} on system
 * {@code i} starts a span at {@code i}, {@code commitAfter} ends one after {@code i}, and the runner
 * publishes the world's transaction between two spans of a phase. A barrier before a phase's first
 * system gives an empty first span (publishing what the phase's init functions staged); one after its
 * last system is the phase's own end. Spans are numbered phase by phase in phase order.
 */
final class RunLayout {
    final String scheduleName;
    /** Whether each phase is a structural transaction: the runner and executors publish and check. */
    final boolean transactional;
    /** The schedule's observers (flattened, SCH-136), or null when it has none. */
    final ObserverTable observers;
    /** Per system index: its declared barriers (publish before its turn / when its turn ends). */
    final boolean[] commitBefore;
    final boolean[] commitAfter;
    /** Per phase index. */
    final Phase[] phases;
    final boolean[] phaseManual;
    final int[] phaseComponent;
    final int[] phaseStart;
    final int[] phaseEnd;
    /** Per phase index: its first span and one past its last. */
    final int[] phaseSpanFrom;
    final int[] phaseSpanTo;
    /** Per span index: its first system and one past its last, and its phase. */
    final int[] spanStart;
    final int[] spanEnd;
    final int[] spanPhase;
    /** Indexes of the automatic phases, in phase order (SCH-030, SCH-107). */
    final int[] automaticPhases;
    /** The fixed-step clocks and the clock of each phase. */
    final FixedLayout fixed;
    /** Index of {@link Phase#ON_START}; its systems are {@code onStartFrom} (inclusive) to {@code onStartTo}. */
    final int onStartPhase;
    final int onStartFrom;
    final int onStartTo;
    /** Per system index. */
    final EcsSystem[] systems;
    final String[] systemNames;
    final RunFunction[] runs;
    /** Per system: the conditions of its sets in order, or null when it has none. */
    final Condition[][] setConditions;
    final Condition[] conditions;
    /** Per system: the names of the sets in the plan's (unfiltered) set conditions, for failure reports. */
    final String[][] setConditionNames;
    /** Per system: the plugin name that declared it, or the schedule name; for failure reports. */
    final String[] sources;
    /**
     * Whether a system or set condition reads the pass clock ({@link ClockedCondition}): then each run
     * call begins a pass of the world's {@link PassClock}, adding it if needed.
     */
    final boolean usesClock;
    /** Per system index: the index of its phase (Orrery's phase toggle). */
    final int[] systemPhase;
    /** Per system index: its init function, or null (Orrery's system lifecycle). */
    final InitFunction[] inits;
    /** Per system index: whether it has an init or a dispose function, so the schedule tracks it per world. */
    final boolean[] tracked;
    /** Per phase index: whether one of its systems is {@link #tracked}; when not, a pass skips the lifecycle check. */
    final boolean[] phaseTracked;
    /** Per system index: whether it declares message types it reads (its run function is bracketed). */
    final boolean[] readsMessages;
    /** Whether any system {@link #readsMessages}. */
    final boolean anyReadsMessages;
    private final Map<Phase, Integer> phaseIndex;
    private final Map<String, Integer> phaseByName;
    private final SystemIndex systemIndex;

    RunLayout(ExecutionPlan plan, boolean transactional) {
        this(plan, transactional, null);
    }

    /** @param observers the schedule's observers, or null for none */
    RunLayout(ExecutionPlan plan, boolean transactional, ObserverTable observers) {
        this.observers = observers;
        this.scheduleName = plan.scheduleName();
        this.transactional = transactional;
        List<Phase> phaseList = plan.phases();
        this.phases = phaseList.toArray(new Phase[0]);
        this.phaseManual = plan.phaseManual().clone();
        this.phaseComponent = plan.phaseComponent().clone();
        this.phaseStart = plan.phaseStart().clone();
        this.phaseEnd = plan.phaseEnd().clone();
        int automatic = 0;
        for (boolean manual : phaseManual) {
            if (!manual) {
                automatic++;
            }
        }
        this.automaticPhases = new int[automatic];
        for (int p = 0, k = 0; p < phases.length; p++) {
            if (!phaseManual[p]) {
                automaticPhases[k++] = p;
            }
        }
        this.fixed = new FixedLayout(scheduleName, phases, automaticPhases);
        this.phaseIndex = plan.phaseIndex();
        Integer onStart = phaseIndex.get(Phase.ON_START);
        if (onStart == null) {
            throw new IllegalStateException("schedule '" + scheduleName + "': execution plan lacks the OnStart phase");
        }
        this.onStartPhase = onStart;
        this.onStartFrom = phaseStart[onStartPhase];
        this.onStartTo = phaseEnd[onStartPhase];

        List<EcsSystem> systemList = plan.systems();
        int n = systemList.size();
        this.systems = systemList.toArray(new EcsSystem[0]);
        this.systemNames = new String[n];
        this.runs = new RunFunction[n];
        for (int i = 0; i < n; i++) {
            systemNames[i] = systems[i].name();
            runs[i] = systems[i].run();
        }
        // null where a system has no set conditions: the hot loop then tests a reference instead of
        // reading the length of a per-system empty array (one cache line less per system).
        this.setConditions = plan.systemSetConditions().clone();
        for (int i = 0; i < n; i++) {
            if (setConditions[i].length == 0) {
                setConditions[i] = null;
            }
        }
        this.conditions = plan.systemConditions().clone();
        this.setConditionNames = plan.systemSetConditionNames().clone();
        this.sources = plan.systemSources().clone();
        this.systemIndex = plan.systemIndex();
        this.usesClock = anyClocked(systems, setConditions);
        this.commitBefore = new boolean[n];
        this.commitAfter = new boolean[n];
        for (int i = 0; i < n; i++) {
            commitBefore[i] = transactional && systems[i].commitBefore();
            commitAfter[i] = transactional && systems[i].commitAfter();
        }
        this.readsMessages = new boolean[n];
        boolean anyReader = false;
        for (int i = 0; i < n; i++) {
            readsMessages[i] = !systems[i].readsMessages().isEmpty();
            anyReader |= readsMessages[i];
        }
        this.anyReadsMessages = anyReader;
        this.phaseSpanFrom = new int[phases.length];
        this.phaseSpanTo = new int[phases.length];
        IntSpans spans = new IntSpans(phases.length);
        for (int p = 0; p < phases.length; p++) {
            phaseSpanFrom[p] = spans.count();
            int from = phaseStart[p];
            for (int i = phaseStart[p]; i < phaseEnd[p]; i++) {
                if (commitBefore[i] && (i > from || (i == phaseStart[p] && spans.count() == phaseSpanFrom[p]))) {
                    spans.add(from, i, p);
                    from = i;
                }
                if (commitAfter[i] && i + 1 < phaseEnd[p]) {
                    spans.add(from, i + 1, p);
                    from = i + 1;
                }
            }
            spans.add(from, phaseEnd[p], p);
            phaseSpanTo[p] = spans.count();
        }
        this.spanStart = spans.starts();
        this.spanEnd = spans.ends();
        this.spanPhase = spans.phases();

        this.phaseByName = new HashMap<>();
        for (int p = 0; p < phases.length; p++) {
            phaseByName.put(phases[p].name(), p);
        }
        this.systemPhase = new int[n];
        this.inits = new InitFunction[n];
        this.tracked = new boolean[n];
        this.phaseTracked = new boolean[phases.length];
        for (int p = 0; p < phases.length; p++) {
            for (int i = phaseStart[p]; i < phaseEnd[p]; i++) {
                systemPhase[i] = p;
                inits[i] = systems[i].init().orElse(null);
                tracked[i] = inits[i] != null || systems[i].dispose().isPresent();
                phaseTracked[p] |= tracked[i];
            }
        }
    }

    private static boolean anyClocked(EcsSystem[] systems, Condition[][] setConditions) {
        for (int i = 0; i < systems.length; i++) {
            for (Condition c : systems[i].conditions()) {
                if (c instanceof ClockedCondition) {
                    return true;
                }
            }
            if (setConditions[i] != null) {
                for (Condition c : setConditions[i]) {
                    if (c instanceof ClockedCondition) {
                        return true;
                    }
                }
            }
        }
        return false;
    }

    /** @return the index of the phase with that name, or -1 if none (names unique, SCH-138) */
    int indexOfPhaseName(String name) {
        Integer p = phaseByName.get(name);
        return p == null ? -1 : p;
    }

    /** Collects spans while the layout is made. */
    private static final class IntSpans {
        private int[] starts;
        private int[] ends;
        private int[] phases;
        private int count;

        IntSpans(int capacity) {
            starts = new int[Math.max(capacity, 1)];
            ends = new int[starts.length];
            phases = new int[starts.length];
        }

        void add(int start, int end, int phase) {
            if (count == starts.length) {
                starts = java.util.Arrays.copyOf(starts, count * 2);
                ends = java.util.Arrays.copyOf(ends, count * 2);
                phases = java.util.Arrays.copyOf(phases, count * 2);
            }
            starts[count] = start;
            ends[count] = end;
            phases[count] = phase;
            count++;
        }

        int count() {
            return count;
        }

        int[] starts() {
            return java.util.Arrays.copyOf(starts, count);
        }

        int[] ends() {
            return java.util.Arrays.copyOf(ends, count);
        }

        int[] phases() {
            return java.util.Arrays.copyOf(phases, count);
        }
    }

    /** @return the spans' count */
    int spanCount() {
        return spanStart.length;
    }

    /**
     * @return the systems in execution order as the entries a {@link RunProbe} publishes (a new list;
     *     built once per runner that has a probe)
     */
    List<RunProbe.Running> probeTable() {
        List<RunProbe.Running> table = new ArrayList<>(systems.length);
        for (int i = 0; i < systems.length; i++) {
            table.add(new RunProbe.Running(scheduleName, systems[i], sources[i]));
        }
        return List.copyOf(table);
    }

    /** @return the number of systems */
    int systemCount() {
        return systems.length;
    }

    /** @return the phase's index, or -1 if the phase is not in the schedule (identity) */
    int indexOf(Phase phase) {
        Integer p = phaseIndex.get(phase);
        return p == null ? -1 : p;
    }

    /** @return the system's index, or -1 if the system is not in the schedule (identity) */
    int indexOf(EcsSystem system) {
        return systemIndex.indexOf(system);
    }

    /** @return the index of the system with that name, or -1 if none (SCH-125) */
    int indexOfName(String name) {
        return systemIndex.indexOfName(name);
    }
}
