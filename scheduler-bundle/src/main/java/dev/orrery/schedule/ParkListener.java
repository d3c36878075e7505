package dev.orrery.schedule;

/**
 * Told when a world update parks in {@link Cooperative#await} and when it resumes, for the schedules
 * built with a {@link RunProbe} that has this listener ({@link RunProbe.Builder#listener}). A host
 * uses it to report the park; a test uses it to learn, without sleeping, that a system is parked.
 *
 * <p><b>Threads.</b> Both methods are called on the world's thread, the one that parks: they must
 * return quickly and must not wait for the stage. An exception they throw is ignored.
 *
 * @since 0.4
 */
public interface ParkListener {
    /**
     * The world update has parked; {@link RunProbe#parked()} returns {@code update} from now until
     * {@link #resumed}.
     *
     * @param update where it parked and on what
     */
    void parked(ParkedUpdate update);

    /**
     * The wait ended (the stage completed, or the wait was cancelled or timed out); the system
     * continues (or throws) right after this returns.
     *
     * @param update the update as it was parked
     */
    default void resumed(ParkedUpdate update) {
    }
}
