/**
 * The system scheduler: declarations (phases, systems, system sets, run conditions, plugins) and the
 * immutable {@link dev.orrery.schedule.Schedule} built from them.
 *
 * <p>Normative spec: {@code ecs-schedule.md} (requirement IDs SCH-xxx, cited in the Javadoc). The
 * Java mapping: {@code define*} functions are static factories and builders returning immutable
 * values; {@code createSchedule} is {@link dev.orrery.schedule.Schedule#builder(String)}; all
 * validation happens in {@link dev.orrery.schedule.ScheduleBuilder#build()} and throws
 * {@link dev.orrery.schedule.ScheduleBuildException}. {@code dt} is a {@code double} in seconds.
 *
 * <p>Nothing in this package keeps module-level mutable state (SCH-064): all per-world runtime data
 * of a schedule lives in the schedule, keyed weakly by world, or in world traits (the schedule's state
 * trait, and the record of the last {@link dev.orrery.schedule.RunFailure} in that world).
 *
 * <p>Beyond the spec, Orrery adds: {@link dev.orrery.schedule.Schedule#withoutPlugins} (hot plug: a
 * schedule without a departing plugin's systems, derived without a rebuild);
 * {@link dev.orrery.schedule.RunFailure} (which schedule, system, plugin and stage threw);
 * {@link dev.orrery.schedule.ScheduleState#renamedTo} (carry a world's state to a renamed schedule);
 * accumulating run conditions ({@link dev.orrery.schedule.NodeConfig#conditions()}: each
 * {@code runIf} adds one, all must hold) and the {@link dev.orrery.schedule.PassClock} that gives
 * conditions their dt (the library is {@code dev.orrery.schedule.condition});
 * {@link dev.orrery.schedule.ScheduleState#isOnStartDoneFor} and a truthful {@code onStartDone}; phase
 * toggles ({@link dev.orrery.schedule.Schedule#disablePhase}); the system lifecycle
 * ({@link dev.orrery.schedule.InitFunction}, {@link dev.orrery.schedule.DisposeFunction},
 * {@link dev.orrery.schedule.Schedule#disposeRemoved}, {@link dev.orrery.schedule.Schedule#disposeAll});
 * optional ordering by name ({@code beforeIfPresent}/{@code afterIfPresent}) and
 * {@link dev.orrery.schedule.ScheduleBuilder#orderThroughEmptySets}; the published order graph and
 * access report ({@link dev.orrery.schedule.Schedule#orderGraph()},
 * {@link dev.orrery.schedule.Schedule#accessReport()}, as data in {@code dev.orrery.schedule.graph});
 * every cycle of a failed build as data ({@link dev.orrery.schedule.BuildProblem#cycles()});
 * observers ({@link dev.orrery.schedule.EcsObserver}, {@link dev.orrery.schedule.Plugin#observers()});
 * fixed-step phases and virtual time ({@link dev.orrery.schedule.FixedClock},
 * {@link dev.orrery.schedule.FixedPhases}, {@link dev.orrery.schedule.FixedTime},
 * {@link dev.orrery.schedule.VirtualTime}); resumable systems ({@link dev.orrery.schedule.Cooperative}).
 */
@Export
@Version("0.8.0")
package dev.orrery.schedule;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
