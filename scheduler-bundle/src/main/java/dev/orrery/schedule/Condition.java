package dev.orrery.schedule;

import dev.orrery.world.World;
import org.osgi.annotation.versioning.ConsumerType;

/**
 * A run condition ({@code runIf}): a system runs only if its own conditions and the conditions of all
 * its sets return {@code true} (SCH-118). Beyond the spec (Orrery's own): each {@code runIf}
 * call adds a condition, and all of them must hold (AND, in declaration order, short-circuiting); a
 * library of stateful conditions (timers, a state stack, combinators) is in
 * {@code dev.orrery.schedule.condition}.
 *
 * <p>Called synchronously with only the world (SCH-120), right before the system would run, on every
 * call, never cached by the schedule. It should read world data only and have no side effects (the
 * library's timed conditions are the documented exception: they keep per-world state in world traits
 * and decide once per run call, see {@code dev.orrery.schedule.condition.RunIf}). Because the return
 * type is {@code boolean}, a condition can never return a promise or a non-boolean (SCH-121 is
 * guaranteed by the type); an exception it throws propagates unchanged from the run API (SCH-037).
 *
 * @since 0.1
 */
@ConsumerType
@FunctionalInterface
public interface Condition {
    /**
     * @param world the world the schedule runs on
     * @return whether the gated systems may run now
     */
    boolean test(World world);
}
