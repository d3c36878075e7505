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
 * of a schedule lives in the schedule, keyed weakly by world, or in the world's state trait.
 */
@Export
@Version("0.1.0")
package dev.orrery.schedule;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
