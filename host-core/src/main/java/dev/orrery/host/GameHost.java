package dev.orrery.host;

import dev.orrery.schedule.Schedule;
import dev.orrery.world.World;
import dev.orrery.world.snapshot.RestoreReport;
import dev.orrery.world.snapshot.SnapshotBuffers;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletionStage;
import java.util.function.Function;
import org.osgi.annotation.versioning.ProviderType;

/**
 * The Orrery game host, registered as an OSGi service by the host's OSGi front end (bundle
 * {@code dev.orrery.host.osgi}), or handed out by its JPMS front end (module {@code dev.orrery.host.jpms}).
 * Both run the same host core ({@code dev.orrery.host.core.HostCore});
 * in JPMS mode "service" below means a plugin provider found by the JPMS front end, "bundle" its plugin jar's
 * module (see {@link PluginStatus}).
 *
 * <p>The host tracks {@code dev.orrery.schedule.Plugin} services (and {@code ScheduleHooks}),
 * builds one schedule per schedule name off the frame thread, swaps each rebuilt schedule in at a
 * frame boundary, and runs the main schedule once per frame on its frame thread, which is the only
 * thread that touches the world. A system that throws pauses the simulation (see
 * {@link #status()}); the host itself keeps tracking bundles.
 *
 * <p><b>The plugin boundary.</b> A plugin coming, going or failing never stops, stalls or evicts
 * anything else:
 * <ul>
 *   <li>A plugin's data ({@code name()}, {@code phases()}, {@code sets()}, {@code systems()}) is read
 *       once per service registration into an immutable snapshot; any {@code Throwable} from those
 *       methods leaves that plugin out, EXCLUDED with the reason, and no plugin code runs in a rebuild.</li>
 *   <li>Departure without a stall: when a plugin service leaves (bundle stopped, updated or
 *       uninstalled), its systems stop at the next frame boundary (the unbind waits at most for the
 *       frame in progress) and frames go on without them until the coalesced rebuild is swapped in; no
 *       frame is held and dt never jumps. The rebuild without it waits for the plugin to come back, at
 *       most {@code orrery.host.maxDelayMillis} (default 1000 ms), so an update (the bundle's new
 *       revision registers its plugin within that time) gives one swap in which the plugin is
 *       {@code replaced}; a plugin that does not come back is {@code left} after that delay.</li>
 *   <li>The newcomer is refused: when a change to the plugin set makes a schedule fail to build, the
 *       plugins that changed in that rebuild (arrived or replaced) are left out, never one that was
 *       running; at start-up the declared order decides. The reason names both sides.</li>
 *   <li>A system's run function, run condition or system-set condition that throws anything but a
 *       {@code VirtualMachineError} ({@code StackOverflowError} and {@code LinkageError}s included) is a
 *       {@link SystemFault} naming system, plugin and stage; the simulation pauses until
 *       {@link #resume()}. An observer ({@code ScheduleHooks} service) that throws is quarantined
 *       ({@link #observers()}); no system is blamed.</li>
 *   <li>The frame thread never dies silently: an {@code OutOfMemoryError} or another escaping error is
 *       logged once with its cause and {@link #status()} says {@link RunState#STOPPED} with the fault
 *       (of kind {@link SystemFault.Kind#FRAME_THREAD}).</li>
 *   <li>A frame longer than {@code orrery.host.frameWarnMillis} (default 2000 ms) logs one line naming
 *       the system running at that moment, or the observer whose hook runs around it (then no system is
 *       blamed).</li>
 *   <li>A frame longer than {@code orrery.host.stuckMillis} (default 10 s) makes the host
 *       {@link RunState#STUCK}, with {@link HostStatus#stuck()} naming what runs, until it returns. A
 *       departure of that system's plugin cannot complete until then (its unbind returns after its wait,
 *       the frame thread is interrupted so that an interruptible wait ends, and what the system then
 *       throws does not pause the simulation); stopping the host does not wait for a stuck frame.</li>
 * </ul>
 *
 * <p><b>Unloaded code and hot updates</b> (a bundle that is removed or updated leaves no reference
 * behind). When a bundle's code goes away (the bundle is uninstalled, or
 * updated or refreshed so that its old class loader is no longer wired to anyone), the host purges the
 * world of it on the frame thread at a frame boundary, after the schedule without that code is swapped
 * in ({@code WorldPurge.purge}, with {@code dev.orrery.world.unload.Unloading}):
 * <ul>
 *   <li>world traits and entity components whose {@code Trait} was created by that bundle's code (or
 *       whose default factory or default value is of its classes) are dropped, in every entity;</li>
 *   <li>values of that bundle's classes are dropped from traits of other bundles (world values and
 *       entity components); values of JDK classes and of other bundles' classes stay;</li>
 *   <li>world values that are {@code dev.orrery.world.unload.Purgeable} (the prefab registry, the spawn queue)
 *       drop their entries of that code;</li>
 *   <li>the frame thread's context class loader is reset if it was that bundle's.</li>
 * </ul>
 * One log line per purge names the bundles and what was dropped. So: <b>state that must survive a hot
 * update lives in traits defined by a bundle that is not updated</b> (a model bundle), with values of
 * that bundle's classes or of JDK classes; values of classes of the updated bundle are dropped with it
 * (the new code could not read them anyway: its classes are new classes). A bundle that is only
 * stopped keeps its state (its class loader stays) and finds it again when it is started. Values are
 * judged by their own class, not by what they contain: a JDK list holding objects of a removed bundle
 * keeps them (and the bundle's class loader) alive, so do not put such objects in JDK containers of a
 * model bundle's trait. What a plugin leaves outside the world (a static registry of another bundle,
 * a {@code ThreadLocal} set on the frame thread, a thread it started) is its own to clean up when its
 * component deactivates.
 *
 * <p><b>Waiting for the host.</b> Plugin states, rebuilds and faults arrive asynchronously (rebuilds run
 * off the frame thread and are swapped in at a frame boundary). {@link #changes()} is a token that
 * moves on every change a caller can observe; {@link #awaitChange(long)} completes when it moves, so a
 * tool or a test waits for an event instead of polling.
 *
 * <p>All methods may be called from any thread.
 *
 * @since 0.1
 */
@ProviderType
public interface GameHost {
    /** Service property / configuration key naming the schedule a plugin belongs to. */
    String SCHEDULE_PROPERTY = dev.orrery.schedule.Plugin.SCHEDULE_PROPERTY;

    /** @return the name of the main schedule, the one the frame loop runs */
    String mainSchedule();

    /**
     * @return the schedules now in force (swapped in), by name; the same value systems read from
     *     {@link Schedules#TRAIT}
     */
    Schedules schedules();

    /**
     * @param name a schedule name
     * @return the schedule of that name now in force, if any
     */
    default Optional<Schedule> schedule(String name) {
        return schedules().get(name);
    }

    /** @return the frame loop's state, frame count, last fault and stuck frame */
    HostStatus status();

    /**
     * @return every tracked plugin service as of the last swap: active, waiting or excluded with the
     *     reason, ordered by schedule name and then schedule order
     */
    List<PluginStatus> plugins();

    /**
     * @return every tracked observer ({@code ScheduleHooks} service), in service id order, with whether
     *     it was quarantined for throwing (see {@link ObserverStatus})
     */
    List<ObserverStatus> observers();

    /**
     * @return the most recent rebuilds, oldest first (at most the last 100), one entry per schedule
     *     rebuilt
     */
    List<RebuildInfo> rebuilds();

    /**
     * The change token: a number that grows on every change of what this interface reports, so that a
     * caller can tell whether anything changed since it last looked, and wait for it
     * ({@link #awaitChange(long)}). It moves when the run state, the frame mode or the last fault of
     * {@link #status()} changes, when {@link #plugins()}, {@link #observers()} or {@link #rebuilds()}
     * change, and when a schedule in force ({@link #schedules()}) is replaced; not when only the frame
     * count grows (wait for frames with {@link #step(int)}). Several changes may move it once, and it
     * may move for a change that leaves a report as it was.
     *
     * @return the token now; 0 before the host started, never smaller than an earlier answer
     */
    long changes();

    /**
     * Waits for the change token ({@link #changes()}) to move past a value: read the token, look at
     * what you wait for, and if it is not there yet wait with that token, then look again.
     *
     * <pre>{@code
     * long seen = host.changes();
     * while (!ready(host)) {
     *     seen = host.awaitChange(seen).toCompletableFuture().get(10, TimeUnit.SECONDS);
     * }
     * }</pre>
     *
     * @param since a token from {@link #changes()}
     * @return completes with the token once it is greater than {@code since}: completed already when it
     *     is; else on the host's change-notifier thread ({@code orrery-host-changes}), never on the frame
     *     thread and with no host lock held, so a dependent action may call this host, but should return
     *     quickly (it delays the other waiters). Once the host has stopped its token no longer moves:
     *     then the stage completes exceptionally with {@link IllegalStateException}. Cancelling it
     *     ({@code toCompletableFuture().cancel(false)}, e.g. after a timeout) drops the wait.
     */
    CompletionStage<Long> awaitChange(long since);

    /** Pauses the simulation at the next frame boundary. Idempotent. */
    void pause();

    /** Resumes a paused simulation (also after a fault) at the next frame boundary. Idempotent. */
    void resume();

    /**
     * Runs {@code frames} frames of a paused simulation, with the dt of the frame mode.
     *
     * @param frames how many frames; at least 1
     * <p>Cancelling the returned stage ({@code toCompletableFuture().cancel(false)}) drops the frames
     * of this request that have not run yet (at the next frame boundary; the frame running then
     * ends normally); other step requests keep theirs.
     *
     * @return completes with the host's frame count after the last of them ran; completes
     *     exceptionally with {@link SystemFaultException} if a system threw during them, or with
     *     {@link IllegalStateException} if the host is stopped or not paused
     * @throws IllegalArgumentException if {@code frames < 1}
     */
    CompletionStage<Long> step(int frames);

    /**
     * Runs one frame of a paused simulation whose dt is exactly {@code steps} steps of
     * {@code FixedPhases.DEFAULT_CLOCK} (no wall clock; {@link HostSettings#fixedStepsDt}, the rule of
     * the {@code fixedSteps} setting too): the frame runs {@code steps} fixed steps of the ready-made
     * fixed phases, whatever the frame mode. For servers and tests that advance fixed time
     * by whole steps. The frame is stepped like {@link #step(int) step(1)}: the same failures, and
     * cancelling the stage drops the frame if it has not run yet.
     *
     * <p>The default implementation, for hosts that cannot do this, completes exceptionally with
     * {@link UnsupportedOperationException}; Orrery's hosts implement it.
     *
     * @param steps how many fixed steps the frame covers; from 1 to {@code FixedClock.maxStepsPerFrame()}
     *     of the default clock (more would be dropped)
     * @return completes with the host's frame count after the frame ran; completes exceptionally with
     *     {@link SystemFaultException} if a system threw in it, or with {@link IllegalStateException} if
     *     the host is stopped, not paused, or has step frames pending
     * @throws IllegalArgumentException if {@code steps} is out of range
     */
    default CompletionStage<Long> stepFixed(int steps) {
        return java.util.concurrent.CompletableFuture.failedFuture(
                new UnsupportedOperationException(getClass().getName() + " does not step fixed frames"));
    }

    /**
     * Saves the world to a file: the capture (the persistent values' references, copied or encoded
     * where their codecs need it: {@link dev.orrery.world.snapshot.WorldSnapshot#capture}) runs on the frame
     * thread at the next frame boundary (also while paused; never inside a frame's transaction), the
     * encoding and the safe write ({@link dev.orrery.world.snapshot.SnapshotFiles#write}: temporary
     * file, forced to disk, previous save kept as {@code NAME.old}, atomic rename) on a worker. The
     * header lists the running plugins ({@link #plugins()}: name and bundle).
     *
     * @param path the file; a name ending in {@code .json} is written as JSON, any other as CBOR
     * @return completes with {@code path} once the file is in place; exceptionally with the
     *     {@link java.io.IOException} of a failed write (the previous file is then unchanged), with
     *     {@link IllegalStateException} if the host stops first or the Jackson jars or bundles are missing
     *     (one line naming the four to install)
     * @throws NullPointerException if {@code path} is null
     */
    default CompletionStage<Path> save(Path path) {
        return save(path, SnapshotBuffers.none());
    }

    /**
     * {@link #save(Path)}, holding the encoded file in memory that {@code buffers} kept from earlier
     * saves and giving it back after the write: for a caller that saves the same world again and again
     * (the host's autosave keeps its own), whose saves then allocate little of their size and so cause
     * fewer collections while the game runs. The file is the same as without buffers.
     *
     * @param path the file; as {@link #save(Path)}
     * @param buffers the caller's buffers ({@link SnapshotBuffers#upTo}); not null
     * @return as {@link #save(Path)}
     * @throws NullPointerException if {@code path} or {@code buffers} is null
     */
    default CompletionStage<Path> save(Path path, SnapshotBuffers buffers) {
        return HostSaves.save(this, path, buffers);
    }

    /**
     * Loads a world saved by {@link #save} (or {@link dev.orrery.world.snapshot.WorldSnapshot}): the file
     * is read on a worker, then checked, decoded and restored on the frame thread at the next frame
     * boundary. It decodes with the persistent traits that the plugins in force declare
     * ({@link Schedules#persistentTraits()}) and those the world knows; the data of other traits is kept
     * opaque (see {@link dev.orrery.world.snapshot.WorldSnapshot}) and given to their plugin when it
     * arrives.
     *
     * @param path the file (JSON or CBOR, told by its first line)
     * @return completes with what was restored; exceptionally with a
     *     {@link dev.orrery.world.snapshot.SnapshotException} (one line naming the file and the section)
     *     if the file is truncated or damaged, the world then unchanged, with the
     *     {@link java.io.IOException} of a failed read, or with {@link IllegalStateException} if the
     *     Jackson jars or bundles are missing (one line naming the four to install)
     * @throws NullPointerException if {@code path} is null
     */
    default CompletionStage<RestoreReport> load(Path path) {
        return HostSaves.load(this, path);
    }

    /**
     * The folder of the host's save files ({@code HostSettings.saveDirectory()}, setting
     * {@code orrery.host.saveDir}): where the shell's {@code orrery:save NAME}, the web console's saves,
     * the autosave ({@code autosave.cbor}) and the save on stop ({@code stop.cbor}) go. It may not exist
     * yet; whoever writes there first creates it.
     *
     * <p>The default implementation, for hosts without settings, is {@code saves} under the working directory.
     *
     * @return the folder, relative to the working directory unless absolute
     * @since 0.8
     */
    default Path saveDirectory() {
        return Path.of("saves");
    }

    /**
     * Hands work to the frame thread, which runs it at the next frame boundary (also while paused).
     *
     * @param work what to do with the world; runs on the frame thread
     * @param <T> the result type
     * @return completes with the work's result, or exceptionally with what it threw, or with
     *     {@link IllegalStateException} if the host stops first. Do not wait for it on the frame thread
     *     (from a system): it would wait for itself. Cancelling it before the work started (e.g. after
     *     waiting too long for a stuck frame) means the work never runs.
     */
    <T> CompletionStage<T> submit(Function<World, T> work);

    /**
     * Hands read-only work to the world, for a console or shell that must answer while the world update
     * is parked: as {@link #submit} (at the next frame boundary, on the frame thread), except while the
     * host is {@link RunState#PARKED}, when the work runs at once on the calling thread and the frame
     * thread waits for it. Then the work sees the world as the frame left it at the wait: what the phases
     * before it published and the parked system's writes so far (structural changes the parked phase
     * staged stay invisible). The update does not resume while the work runs, so keep it short; works
     * from several threads run one at a time.
     *
     * <p>The work must only read (the world, the schedules' enabled flags, counters): a change must go
     * through {@link #submit}, so it applies at the frame boundary. The work must not wait for the frame
     * thread itself (a {@code submit} or {@code step} result): the parked system could then never go on.
     * Do not wait for the returned stage on the frame thread.
     * The default runs the work as {@link #submit} does.
     *
     * @param work what to read from the world; runs on the frame thread or, while parked, on the caller's
     * @param <T> the result type
     * @return completes with the work's result (already complete while parked), or exceptionally with
     *     what it threw, or with {@link IllegalStateException} if the host stops first
     * @throws NullPointerException if {@code work} is null
     * @since 0.4
     */
    default <T> CompletionStage<T> read(Function<World, T> work) {
        return submit(work);
    }

    /**
     * Asks the host to rebuild every schedule now (after the quiet period), even if no plugin changed.
     */
    void requestRebuild();

    /**
     * Asks the host to end the run, for a game that knows it is over (the demo's battle, a headless
     * server's scripted session): the frame loop stops at the next frame boundary and the application
     * is stopped from a separate thread (OSGi mode: the framework's system bundle; JPMS mode: the
     * launcher's host), so a launcher waiting for it (the Orrery launcher) exits with code 0. Returns at
     * once; may be called from any thread, a system on the frame thread included. Idempotent: later calls
     * are ignored.
     *
     * @param reason why, for the log (e.g. {@code "battle over"}); not null
     * @throws NullPointerException if reason is null
     * @throws UnsupportedOperationException if this host cannot stop its application (a host made for a
     *     test, say)
     */
    void requestShutdown(String reason);
}
