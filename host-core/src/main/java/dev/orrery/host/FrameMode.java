package dev.orrery.host;

/**
 * How the host's frame loop chooses each frame's dt (seconds).
 *
 * @since 0.1
 */
public enum FrameMode {
    /**
     * Real time: aims at a target frame rate; dt is the time since the previous frame, measured with
     * {@code System.nanoTime()} and clamped to the configured maximum (0.1 s by default).
     */
    REAL_TIME,
    /**
     * Headless fixed step: every frame gets the same configured dt; runs a configured number of frames
     * or until stopped, as fast as possible unless a rate is configured. For tests and servers. No wall
     * clock is read for dt: with the default {@code fixedDt} of 1/60 s each frame is one step of the
     * ready-made fixed phases, and with {@code fixedSteps} N ({@link HostSettings#fixedStepsPerFrame()})
     * each frame is exactly N steps; {@link GameHost#stepFixed(int)} runs one frame of exactly N fixed
     * steps in either mode.
     */
    FIXED
}
