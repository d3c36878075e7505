/**
 * Beyond the spec (Orrery's own): a run-condition library for {@code runIf} on systems and
 * sets, after the coroutine-pipeline reference's {@code runif}: {@link dev.orrery.schedule.condition.RunIf}
 * (timers, state gates, combinators; dt in seconds from the per-world pass clock) and
 * {@link dev.orrery.schedule.condition.StateStack} (the per-world state stack {@code inState} reads).
 * All state lives in world traits; nothing here keeps module-level mutable state (SCH-064).
 */
@Export
@Version("0.1.0")
package dev.orrery.schedule.condition;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
