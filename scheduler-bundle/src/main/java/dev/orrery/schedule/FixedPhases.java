package dev.orrery.schedule;

/**
 * Ready-made fixed-step phases for physics, netcode and server ticks: {@link #FIXED_PRE_UPDATE},
 * {@link #FIXED_UPDATE} and {@link #FIXED_POST_UPDATE} run, in that order, between
 * {@link Phase#PRE_UPDATE} and {@link Phase#ON_UPDATE}, once per step of {@link #DEFAULT_CLOCK}.
 *
 * <p>They are ordinary custom phases, not builtins (the builtin list of SCH-001 is unchanged): a
 * schedule gets them when one of its systems or phases refers to one of them, and any number of
 * plugins may list them in their phases or put systems in them (the same objects listed twice count
 * once). Their placement follows SCH-102 like any phase that depends on {@code PreUpdate}.
 *
 * <p><b>Why 60 Hz.</b> The default step is 1/60 s because most displays refresh at 60 Hz or a
 * multiple of it (120, 144 is the exception), so at 60 Hz a frame runs one step and interpolation is
 * rarely visible, and one hour is exactly 216,000 steps. Bevy picked 64 Hz instead, a power of two
 * whose step (15.625 ms) is exact in binary floating point; Orrery counts steps and time in integer
 * nanoseconds ({@link FixedTime#tick()}), so it needs no such step to stay exact. A game that wants
 * another rate defines its own phases with {@link Phase.Builder#fixed(FixedClock)}.
 *
 * @since 0.1
 */
public final class FixedPhases {
    /** The clock of the ready-made phases: {@code "fixed"}, 60 Hz, the default limits. */
    public static final FixedClock DEFAULT_CLOCK = FixedClock.ofHz("fixed", 60);

    /** Fixed step, first: after {@code PreUpdate}. */
    public static final Phase FIXED_PRE_UPDATE = Phase.builder("FixedPreUpdate")
            .dependsOn(Phase.PRE_UPDATE).before(Phase.ON_UPDATE).fixed(DEFAULT_CLOCK).build();
    /** Fixed step, main: simulation and physics go here. */
    public static final Phase FIXED_UPDATE = Phase.builder("FixedUpdate")
            .dependsOn(FIXED_PRE_UPDATE).before(Phase.ON_UPDATE).fixed(DEFAULT_CLOCK).build();
    /** Fixed step, last: before {@code OnUpdate}. */
    public static final Phase FIXED_POST_UPDATE = Phase.builder("FixedPostUpdate")
            .dependsOn(FIXED_UPDATE).before(Phase.ON_UPDATE).fixed(DEFAULT_CLOCK).build();

    private FixedPhases() {
    }

    /**
     * @param phase a phase; not null
     * @return whether it is one of the three ready-made phases
     */
    public static boolean isReadyMade(Phase phase) {
        return phase == FIXED_PRE_UPDATE || phase == FIXED_UPDATE || phase == FIXED_POST_UPDATE;
    }
}
