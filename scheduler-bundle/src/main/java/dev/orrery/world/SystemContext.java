package dev.orrery.world;

/**
 * What one world remembers about one system between its runs: the tick of the end of its previous
 * run, which change queries ({@link Query.Builder#changed}, {@link Query.Builder#added}) and
 * {@link World#removed(Trait)} use as the start of the system's window ("since this system last
 * ran"). Obtained from {@link SystemContexts#of(String, String)}: one object per schedule name and
 * system name for the life of the world, so the window survives a rebuild of the schedule (a new
 * schedule of the same name) and a system that leaves and comes back.
 *
 * <p>Driven by schedules' executors: {@link SystemContexts#enter(SystemContext)} before a system's
 * turn (its conditions, then its run function), {@link #ran()} once its run function returned. A
 * system whose turn ends without a run (its run condition was false, it is disabled, it threw) keeps
 * its previous window, so its next run sees everything since the run before.
 *
 * <p><b>Threading:</b> confined to the world's thread, like the world.
 *
 * @since 0.3
 */
public final class SystemContext {
    private final WorldChanges changes;
    private final String scheduleName;
    private final String systemName;
    /** Tick at which its previous run ended; 0 before its first run (every tick is later). */
    long lastRun;
    /** Dropped from its world ({@link SystemContexts#retain}): detached, it changes nothing. */
    boolean dropped;

    /** Its index in the world's {@link WorldChanges#contexts}: what an executor makes current. */
    final int id;

    SystemContext(WorldChanges changes, String scheduleName, String systemName) {
        this.changes = changes;
        this.scheduleName = scheduleName;
        this.systemName = systemName;
        this.id = changes.register(this);
    }

    /** @return the name of the schedule the system belongs to */
    public String scheduleName() {
        return scheduleName;
    }

    /** @return the system's name */
    public String systemName() {
        return systemName;
    }

    /**
     * @return the world's change tick at the end of the system's previous run, 0 before its first
     *     run
     */
    public long lastRunTick() {
        return lastRun;
    }

    /**
     * The system's run function returned: its window for the next run starts now. Takes the world's
     * change tick and closes it, so that what the system changed while it ran is not reported to it
     * again, and every later change is. Cheap (two field writes).
     */
    public void ran() {
        if (changes.any()) { // nothing is tracked: tracking, when it starts, opens a later tick for all
            lastRun = changes.tick;
            changes.closed = true;
        }
    }

    @Override
    public String toString() {
        return "system '" + systemName + "' of schedule '" + scheduleName + "' (last run at tick " + lastRun + ")";
    }
}
