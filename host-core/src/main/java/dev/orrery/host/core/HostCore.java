package dev.orrery.host.core;

import aQute.bnd.annotation.Resolution;
import aQute.bnd.annotation.spi.ServiceConsumer;
import dev.orrery.host.GameHost;
import dev.orrery.host.HostSettings;
import dev.orrery.schedule.Plugin;
import dev.orrery.schedule.ScheduleHooks;
import java.lang.System.Logger;
import java.util.ServiceLoader;
import org.osgi.annotation.versioning.ProviderType;

/**
 * One Orrery host, without any OSGi type: the plugin registry, the rebuild coordinator (coalesced
 * rebuilds, declared plugin order, exclusion loop, waiting plugins, the newcomer policy), the frame
 * loop (fault containment, pause/step, watchdog), the schedule swap at frame boundaries and the world
 * purge of unloaded code. It is the {@link GameHost} that a front end publishes (the OSGi front end
 * registers it as a service; the JPMS front end hands it to the plugins' {@code HostClient}s).
 *
 * <p>A front end maps its plugin discovery onto these calls, keyed by {@link PluginSource#id()}:
 * {@link #pluginBound} when it learns of a plugin, {@link #pluginAdded} with the plugin object,
 * {@link #pluginRemoved} when it leaves. Life cycle: {@link #create} → {@link #start} → (initial
 * plugins and hooks added) → {@link #requestRebuild()} → ... → {@link #stop()}. Until that first
 * {@link #requestRebuild()} changes are only recorded (no rebuild is asked for, not even by
 * {@link #configure}), so the initial plugins give one rebuild with all of them; from then on every
 * change of the plugins or the configuration asks for a coalesced rebuild (observers never do).
 *
 * <p>Threading: every method may be called on any thread, concurrently; the core's lock is never held
 * while plugin code runs or while waiting for a frame boundary. Calls after {@link #stop()} are
 * ignored (GameHost methods answer as documented there for a stopped host).
 *
 * <p>Beyond the spec (Orrery's own). See docs/host-core.md and docs/architecture.md for the OSGi and
 * JPMS mappings.
 *
 * @since 0.1
 */
@ProviderType
@ServiceConsumer(value = HostCoreFactory.class, resolution = Resolution.OPTIONAL)
public interface HostCore extends GameHost {
    /** The logger name the host logs under, in both front ends: {@code dev.orrery.host}. */
    String LOGGER = "dev.orrery.host";

    /**
     * Makes a host (not started: no thread runs yet), with the implementation this module provides
     * ({@link HostCoreFactory}, found with {@link ServiceLoader} through this interface's class loader).
     *
     * @param settings the host settings (in OSGi parsed from the ConfigAdmin properties of PID
     *     {@code dev.orrery.host} and the framework properties: {@link HostSettingsParser})
     * @param frontEnd the front end's callbacks
     * @param log where the host logs (normally {@code System.getLogger(HostCore.LOGGER)})
     * @return the host
     * @throws NullPointerException when an argument is null
     * @throws IllegalStateException when no implementation is found (the module's
     *     {@code META-INF/services} entry or its {@code provides} clause is missing)
     */
    static HostCore create(HostSettings settings, FrontEnd frontEnd, Logger log) {
        HostCoreFactory factory = ServiceLoader.load(HostCoreFactory.class, HostCoreFactory.class.getClassLoader())
                .findFirst().orElseThrow(() -> new IllegalStateException("no " + HostCoreFactory.class.getName()
                        + " provider found with the class loader of " + HostCoreFactory.class.getName()
                        + ": the host module is incomplete"));
        return factory.create(settings, frontEnd, log);
    }

    /**
     * Starts the frame thread ({@code orrery-frame}) and its watchdog, and logs
     * {@code Orrery host started: ...}. No rebuild is asked for: the front end calls
     * {@link #requestRebuild()} once its initial plugins are added (no schedule runs before). Call once.
     *
     * @throws IllegalStateException when called twice or after {@link #stop()}
     */
    void start();

    /**
     * Takes new settings (e.g. a ConfigAdmin update, parsed by the front end): timing from the next frame
     * on, and a forced rebuild with the new main schedule and plugin order; logs
     * {@code host configuration changed: ...}. Ignored after {@link #stop()}.
     *
     * @param settings the new settings
     * @throws NullPointerException when settings is null
     */
    void configure(HostSettings settings);

    /** @return the settings in force (those of {@link #create}, or of the last {@link #configure}) */
    HostSettings settings();

    /**
     * Stops the host: no more rebuilds, the frame loop stops at the next frame boundary (this waits
     * for it, at most 5 s, then logs a warning naming what runs), and the last status is kept for
     * {@link #status()}. It does not wait when the frame cannot end: the host is
     * {@link dev.orrery.host.RunState#STUCK}, or the frame thread is inside {@code System.exit}; then, as
     * after a wait that timed out, the kept status is STUCK and names the frame's system. Idempotent.
     * Does not call {@link FrontEnd#stopApplication}.
     */
    void stop();

    /**
     * A plugin is coming: its object will follow with {@link #pluginAdded}. Until then, and after,
     * {@link #isBound} answers true for the id, until {@link #pluginRemoved}.
     *
     * @param id the plugin's {@link PluginSource#id()}
     */
    void pluginBound(long id);

    /**
     * @param id a plugin id
     * @return whether the id is bound ({@link #pluginBound}) and not removed since
     */
    boolean isBound(long id);

    /**
     * Hands over a bound plugin's object: its data ({@code name()}, {@code phases()}, {@code sets()},
     * {@code systems()}) is read once, here, on the calling thread (a plugin whose accessors throw or
     * return null is kept as EXCLUDED with the reason); then a coalesced rebuild is asked for, under
     * the newcomer policy. Replaces an earlier object of the same id.
     *
     * @param source its id, origin and declared schedule (a later {@link #pluginScheduleChanged} that
     *     came before this call wins)
     * @param plugin the plugin object
     * @return false when the id is not bound (never bound, or removed meanwhile): then nothing changed
     *     and the front end releases the object; true otherwise
     * @throws VirtualMachineError when a plugin accessor throws one other than StackOverflowError
     */
    boolean pluginAdded(PluginSource source, Plugin plugin);

    /**
     * A bound plugin whose object could not be made (its component failed to activate, its provider
     * threw): reported EXCLUDED with the reason in {@link #plugins()} until it is added or removed,
     * and logged in one ERROR line naming the plugin, its origin and id. Ignored when the id is not
     * bound.
     *
     * @param source its id, origin and declared schedule
     * @param name the name to report it by (e.g. the component or provider class name)
     * @param reason why, one line (e.g. {@code its component failed to activate: ...; fix the plugin ...})
     */
    void pluginExcluded(PluginSource source, String name, String reason);

    /**
     * The declared schedule of a plugin changed (its data is kept); a rebuild follows when it moves.
     *
     * @param id the plugin's id
     * @param declaredSchedule the new declared schedule, or null/blank for the main schedule
     */
    void pluginScheduleChanged(long id, String declaredSchedule);

    /**
     * A plugin left (or its object must no longer be used, e.g. its jar is being replaced): from the
     * next frame boundary on its systems no longer run — this waits for that boundary, at most for the
     * frame in progress and 2 s, not at all on the frame thread — then the coalesced rebuild without it
     * follows. Unknown ids are ignored. The front end may release the object when this returns.
     *
     * @param id the plugin's id
     */
    void pluginRemoved(long id);

    /**
     * Adds (or replaces) a {@code ScheduleHooks} observer: it is called from the next frame boundary on,
     * in every schedule it observes. No schedule is rebuilt and nothing is logged (the schedules are
     * built with a slot for observers, filled at frame boundaries).
     *
     * @param source its id (hooks are called in id order), origin, and schedule (null: every schedule)
     * @param hooks the observer
     */
    void hooksAdded(PluginSource source, ScheduleHooks hooks);

    /**
     * Removes an observer: it is not called from the next frame boundary on (waits for it like
     * {@link #pluginRemoved}); no schedule is rebuilt and nothing is logged. Unknown ids are ignored.
     *
     * @param id the observer's {@link PluginSource#id()}
     */
    void hooksRemoved(long id);

    /**
     * The front end's {@link FrontEnd#foreignPlugins()} changed: moves the change token
     * ({@link #changes()}), so that waiters see the new list. Any thread; never blocks.
     */
    void foreignPluginsChanged();

    /**
     * Code was unloaded (a bundle updated/uninstalled, a module layer dropped): at the next frame
     * boundary the world is purged of the instances whose class loader
     * {@link FrontEnd#unloadedCode()} says is gone. Requests coalesce.
     */
    void requestPurge();
}
