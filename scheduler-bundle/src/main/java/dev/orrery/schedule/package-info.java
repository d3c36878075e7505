/**
 * The system scheduler: phases, systems, system sets, run conditions, plugins, and the immutable
 * {@link dev.orrery.schedule.Schedule} built from them.
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
 * <p>Beyond the spec, Orrery adds {@link dev.orrery.schedule.Schedule#withoutPlugins} (hot plug: a
 * schedule without a departing plugin's systems, derived without a rebuild),
 * {@link dev.orrery.schedule.RunFailure} (which schedule, system, plugin and stage threw) and
 * {@link dev.orrery.schedule.ScheduleState#renamedTo} (carry a world's state to a renamed schedule).
 * Since 0.3 (issue 14): run conditions accumulate ({@link dev.orrery.schedule.EcsSystem#conditions()},
 * {@link dev.orrery.schedule.SystemSet#conditions()}; each {@code runIf} adds one, all must hold),
 * {@link dev.orrery.schedule.ScheduleState#isOnStartDoneFor} and a truthful {@code onStartDone}; the
 * run-condition library is {@code dev.orrery.schedule.condition}; phase toggles
 * ({@link dev.orrery.schedule.Schedule#disablePhase}) and the system lifecycle
 * ({@link dev.orrery.schedule.InitFunction}, {@link dev.orrery.schedule.DisposeFunction},
 * {@link dev.orrery.schedule.Schedule#disposeRemoved}, {@link dev.orrery.schedule.Schedule#disposeAll}).
 */
@Export
@Version("0.3.0")
package dev.orrery.schedule;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
