package dev.orrery.schedule;

/**
 * What a system's {@code before}/{@code after} may name: a system, or a system set that expands to
 * all its members (SCH-128).
 *
 * @since 0.1
 */
public sealed interface OrderTarget permits EcsSystem, SystemSet {
    /** @return the name of the system or set */
    String name();
}
