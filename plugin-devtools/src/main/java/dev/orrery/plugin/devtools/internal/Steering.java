package dev.orrery.plugin.devtools.internal;

import dev.orrery.host.GameHost;
import dev.orrery.host.ParkedFrame;
import dev.orrery.plugin.devtools.report.PhaseToggleOutcome;
import dev.orrery.plugin.devtools.report.QueuedRequest;
import dev.orrery.plugin.devtools.report.Report;
import dev.orrery.plugin.devtools.report.RunStateOutcome;
import dev.orrery.plugin.devtools.report.StepOutcome;
import dev.orrery.plugin.devtools.report.ToggleOutcome;
import dev.orrery.schedule.EcsSystem;
import dev.orrery.schedule.Phase;
import dev.orrery.schedule.Schedule;
import dev.orrery.world.World;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;

/**
 * The shell commands that change the simulation, as operations that return what they did:
 * enable, disable, enablePhase, disablePhase, pause, resume and step. Enabled flags change
 * through the schedule's state trait on the frame thread, so they last across rebuilds. Bad input
 * changes nothing.
 *
 * <p>Threading: called on shell threads; holds no mutable state.
 */
final class Steering {
    private final FrameCalls frame;

    /** @param frame how to reach the frame thread; not null */
    Steering(FrameCalls frame) {
        this.frame = Objects.requireNonNull(frame, "frame");
    }

    private GameHost host() {
        return frame.host();
    }

    /**
     * Sets a system's enabled flag in the host's world; idempotent.
     *
     * @return a {@link ToggleOutcome}, or a {@link QueuedRequest} while the world update is parked (the
     *     change is then checked and left for the next frame boundary)
     * @throws CommandException for an unknown schedule or system (nothing changes) or a frame thread
     *     that does not answer
     */
    Report setEnabled(String system, String schedule, boolean enabled) {
        String name = ScheduleLookup.nameOf(host(), schedule);
        if (ScheduleLookup.find(ScheduleLookup.require(host(), name), system) == null) {
            throw new CommandException(ScheduleLookup.unknownSystem(host(), system, name) + "; nothing changed");
        }
        return atBoundary(enabled ? "enable" : "disable", "system '" + system + "' in schedule " + name, world -> {
            Schedule s = ScheduleLookup.require(host(), name);
            EcsSystem now = ScheduleLookup.find(s, system); // again: a rebuild may have come in between
            if (now == null) {
                throw new CommandException(ScheduleLookup.unknownSystem(host(), system, name) + "; nothing changed");
            }
            boolean was = s.isEnabled(world, now);
            if (enabled) {
                s.enable(world, now);
            } else {
                s.disable(world, now);
            }
            return new ToggleOutcome(system, name, enabled, was != enabled);
        });
    }

    /**
     * Sets a phase's enabled flag in the host's world (Orrery's phase toggle), on the frame thread like
     * {@link #setEnabled}; idempotent; kept across rebuilds by name.
     *
     * @return a {@link PhaseToggleOutcome}, or a {@link QueuedRequest} while the world update is parked
     * @throws CommandException for an unknown schedule or phase (nothing changes) or a frame thread
     *     that does not answer
     */
    Report setPhaseEnabled(String phase, String schedule, boolean enabled) {
        String name = ScheduleLookup.nameOf(host(), schedule);
        findPhase(ScheduleLookup.require(host(), name), phase, name);
        return atBoundary(enabled ? "enablePhase" : "disablePhase", "phase '" + phase + "' in schedule " + name, world -> {
            Schedule s = ScheduleLookup.require(host(), name);
            Phase p = findPhase(s, phase, name);
            boolean was = s.isPhaseEnabled(world, p);
            if (enabled) {
                s.enablePhase(world, p);
            } else {
                s.disablePhase(world, p);
            }
            return new PhaseToggleOutcome(phase, name, enabled, was != enabled);
        });
    }

    private static Phase findPhase(Schedule s, String phase, String name) {
        Phase p = s.phases().stream().filter(x -> x.name().equals(phase)).findFirst().orElse(null);
        if (p == null) {
            throw new CommandException("no phase '" + phase + "' in schedule " + name + "; phases: "
                    + s.phases().stream().map(Phase::name).toList() + "; nothing changed");
        }
        return p;
    }

    /**
     * Runs a change on the frame thread and returns its outcome; while the world update is parked, queues
     * it for the next frame boundary and returns at once, since the frame thread takes no work until the
     * wait ends.
     */
    private Report atBoundary(String command, String target, Function<World, Report> change) {
        Optional<ParkedFrame> parked = host().status().parked();
        if (parked.isPresent()) {
            host().submit(change);
            return new QueuedRequest(command, target, parked.get());
        }
        return frame.call(change);
    }

    /**
     * Pauses at the next frame boundary and waits for it; while the world update is parked, returns at
     * once (the status then says PARKED and where; the pause applies when the wait ends).
     *
     * @throws CommandException if the frame thread does not answer
     */
    RunStateOutcome pause() {
        host().pause();
        return boundary(RunStateOutcome.Command.PAUSE);
    }

    /**
     * Resumes (also after a fault) at the next frame boundary and waits for it; while the world update is
     * parked, returns at once as {@link #pause} does.
     *
     * @throws CommandException if the frame thread does not answer
     */
    RunStateOutcome resume() {
        host().resume();
        return boundary(RunStateOutcome.Command.RESUME);
    }

    private RunStateOutcome boundary(RunStateOutcome.Command command) {
        if (host().status().parked().isEmpty()) {
            frame.call(world -> Boolean.TRUE);
        }
        return new RunStateOutcome(command, host().status());
    }

    /**
     * Runs {@code frames} frames of a paused simulation and waits for them. The host takes at most
     * {@link Integer#MAX_VALUE} frames per request ({@link GameHost#step(int)}), so a larger count is
     * asked for in consecutive requests, the next when the one before has run.
     *
     * <p>The wait does not depend on the count: it goes on as long as frames keep running, and gives
     * up only when no frame ran for the timeout (a system stuck in a frame); the frames not run yet are
     * then cancelled. An interrupt (Ctrl-C in the shell) cancels them too and ends the step with how
     * far it got; the interruption is handled there, so the thread's interrupt status is not set again.
     *
     * @param frames how many frames; at least 1
     * @throws CommandException if {@code frames < 1}, or the host refuses (not paused, stopped) or a
     *     system faulted during the frames
     */
    StepOutcome step(long frames) {
        if (frames < 1) {
            throw new CommandException("step: the number of frames must be at least 1, got " + frames + "; "
                    + Usage.of("step"));
        }
        long start = host().status().frames();
        long last = start;
        for (long remaining = frames; remaining > 0; ) {
            int chunk = (int) Math.min(remaining, Integer.MAX_VALUE);
            long seen = host().status().frames();
            CompletableFuture<Long> stepping = host().step(chunk).toCompletableFuture();
            while (true) {
                try {
                    last = FrameCalls.await(stepping, frame.timeout());
                    break;
                } catch (FrameCalls.StillWaiting e) {
                    long now = host().status().frames();
                    if (now > seen) {
                        seen = now; // frames are running: keep waiting
                        continue;
                    }
                    stepping.cancel(false);
                    return new StepOutcome(frames, ran(now - start, frames), now, StepOutcome.End.STUCK,
                            frame.timeout());
                } catch (FrameCalls.Interrupted e) {
                    stepping.cancel(false);
                    long now = host().status().frames();
                    return new StepOutcome(frames, ran(now - start, frames), now, StepOutcome.End.INTERRUPTED,
                            frame.timeout());
                }
            }
            remaining -= chunk;
        }
        return new StepOutcome(frames, frames, last, StepOutcome.End.DONE, frame.timeout());
    }

    private static long ran(long done, long asked) {
        return Math.max(0, Math.min(done, asked));
    }
}
