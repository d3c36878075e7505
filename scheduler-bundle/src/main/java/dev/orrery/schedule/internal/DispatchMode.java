package dev.orrery.schedule.internal;

/**
 * Beyond the spec (Orrery's own, issue 17): how a schedule without hooks dispatches its systems,
 * chosen at build time by the system property {@value #PROPERTY}.
 * <ul>
 *   <li>{@code generated} (the default): straight-line code generated per built schedule, one call
 *       site per system and condition, so each site sees one receiver class ({@link DispatchGenerator}).
 *       Up to {@value #SYNC_LIMIT} systems it is generated inside {@code build()}; above that on a
 *       background thread, the array loop running until it is ready: the next run call (a frame
 *       boundary) switches to it, so a large rebuild does not slow the swap.</li>
 *   <li>{@code sync}: generated inside {@code build()} whatever the size (tests, benchmarks).</li>
 *   <li>{@code loop}: the array loop of {@code ScheduleRunner.runRange}, one shared call site. Also
 *       used whenever generation is not possible (ASM absent, a class-definition error).</li>
 * </ul>
 * Schedules with hooks, and the OnStart phase, always run on the loop.
 */
enum DispatchMode {
    GENERATED, SYNC, LOOP;

    /** The system property read at each build: {@code generated}, {@code sync} or {@code loop}. */
    static final String PROPERTY = "orrery.schedule.dispatch";
    /** Largest schedule (systems) whose dispatcher {@link #GENERATED} generates inside the build. */
    static final int SYNC_LIMIT = 2048;

    /**
     * @return the mode named by {@value #PROPERTY}; {@link #GENERATED} when unset
     * @throws IllegalArgumentException if the property is set to anything else
     */
    static DispatchMode current() {
        String v = System.getProperty(PROPERTY);
        if (v == null || v.isBlank()) {
            return GENERATED;
        }
        for (DispatchMode m : values()) {
            if (m.name().equalsIgnoreCase(v.trim())) {
                return m;
            }
        }
        throw new IllegalArgumentException("system property " + PROPERTY + "='" + v
                + "': expected 'generated', 'sync' or 'loop'");
    }

    /**
     * @param systems the schedule's number of systems
     * @return whether its dispatcher is generated on a background thread after the build
     */
    boolean inBackground(int systems) {
        return this == GENERATED && systems > SYNC_LIMIT;
    }
}
