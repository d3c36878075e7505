package dev.orrery.schedule.internal;

/**
 * Beyond the spec (Orrery's own, issue 17): how a schedule without hooks dispatches its systems,
 * chosen at build time by the system property {@value #PROPERTY}.
 * <ul>
 *   <li>{@code generated} (the default): straight-line code generated per built schedule, one call
 *       site per system and condition, so each site sees one receiver class ({@link DispatchGenerator});</li>
 *   <li>{@code loop}: the array loop of {@code ScheduleRunner.runRange}, one shared call site. Also
 *       used whenever generation is not possible (ASM absent, a class-definition error).</li>
 * </ul>
 * Schedules with hooks, and the OnStart phase, always run on the loop.
 */
enum DispatchMode {
    GENERATED, LOOP;

    /** The system property read at each build: {@code generated} or {@code loop}. */
    static final String PROPERTY = "orrery.schedule.dispatch";

    /**
     * @return the mode named by {@value #PROPERTY}; {@link #GENERATED} when unset
     * @throws IllegalArgumentException if the property is set to anything else
     */
    static DispatchMode current() {
        String v = System.getProperty(PROPERTY);
        if (v == null || v.isBlank() || v.trim().equalsIgnoreCase("generated")) {
            return GENERATED;
        }
        if (v.trim().equalsIgnoreCase("loop")) {
            return LOOP;
        }
        throw new IllegalArgumentException("system property " + PROPERTY + "='" + v
                + "': expected 'generated' or 'loop'");
    }
}
