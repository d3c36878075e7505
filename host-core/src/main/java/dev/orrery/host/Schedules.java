package dev.orrery.host;

import dev.orrery.schedule.EcsObserver;
import dev.orrery.schedule.EcsSystem;
import dev.orrery.schedule.Plugin;
import dev.orrery.schedule.Schedule;
import dev.orrery.world.Trait;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/**
 * The host's schedules by name, as a world trait ({@link #TRAIT}), so that a system can step another
 * schedule: a frame system of the main schedule runs the {@code turn} schedule when a turn ends (the
 * spec's turn-schedule example). A system must not run its own schedule (SCH-043).
 *
 * <pre>{@code
 * Schedules schedules = world.get(Schedules.TRAIT);
 * schedules.require("turn").run(world, dt);
 * }</pre>
 *
 * <p>The host replaces the value at every frame boundary where a rebuilt schedule is swapped in; a
 * value is immutable, so read it afresh in each run rather than keeping it.
 *
 * @since 0.1
 */
public final class Schedules {
    /** A host with no schedule yet. */
    public static final Schedules EMPTY = new Schedules(Map.of());

    /** The world trait through which systems reach the host's schedules; default {@link #EMPTY}. */
    public static final Trait<Schedules> TRAIT = Trait.withDefault("orrery.host/schedules", EMPTY);

    private final Map<String, Schedule> byName;

    private Schedules(Map<String, Schedule> byName) {
        this.byName = byName;
    }

    /**
     * @param schedules schedules by name; copied
     * @return an immutable snapshot
     */
    public static Schedules of(Map<String, Schedule> schedules) {
        return new Schedules(Map.copyOf(schedules));
    }

    /** @return the names of the schedules, sorted */
    public Set<String> names() {
        return new TreeMap<>(byName).keySet();
    }

    /**
     * @param name a schedule name
     * @return the schedule of that name, if the host has one
     */
    public Optional<Schedule> get(String name) {
        return Optional.ofNullable(byName.get(name));
    }

    /**
     * @param name a schedule name
     * @return the schedule of that name
     * @throws IllegalArgumentException if the host has no schedule of that name; the message names it
     *     and the schedules there are
     */
    public Schedule require(String name) {
        Schedule s = byName.get(Objects.requireNonNull(name, "name"));
        if (s == null) {
            throw new IllegalArgumentException("no schedule '" + name + "' in the host; schedules: " + names());
        }
        return s;
    }

    /**
     * The {@linkplain Trait#isPersistent() persistent} traits that the plugins of these schedules
     * declare: what their systems {@linkplain EcsSystem#reads() read} or {@linkplain EcsSystem#writes()
     * write} and what their observers trigger on ({@link EcsObserver#triggers()}). These are the traits
     * the host decodes a loaded world with and rehydrates from opaque data when their plugin arrives
     * (README, "Hot update and removal"); a trait a system uses without declaring it is not among them.
     *
     * <p>One entry per trait name: schedules by name, plugins in their schedule's order, systems before
     * observers, each in declaration order; the first declaration of a name wins (another plugin's trait
     * object of the same name is not listed). Cost: one pass over the plugins' declarations; a cold path.
     *
     * @return the declared persistent traits with the plugin that declares each, in that order
     * @since 0.9
     */
    public List<DeclaredTrait> persistentTraits() {
        Map<String, DeclaredTrait> byTraitName = new LinkedHashMap<>();
        for (String name : names()) {
            for (Plugin plugin : byName.get(name).plugins()) {
                List<Trait<?>> declared = new ArrayList<>();
                for (EcsSystem system : plugin.systems()) {
                    declared.addAll(system.reads());
                    declared.addAll(system.writes());
                }
                for (EcsObserver observer : plugin.observers()) {
                    observer.triggers().forEach(t -> declared.add(t.trait()));
                }
                for (Trait<?> trait : declared) {
                    if (trait.isPersistent()) {
                        byTraitName.putIfAbsent(trait.name(), new DeclaredTrait(plugin.name(), trait));
                    }
                }
            }
        }
        return List.copyOf(byTraitName.values());
    }

    /**
     * A persistent trait and the plugin that declares it ({@link #persistentTraits()}).
     *
     * @param plugin the plugin's name
     * @param trait the trait object of that plugin's code
     * @since 0.9
     */
    public record DeclaredTrait(String plugin, Trait<?> trait) {
        /**
         * @throws NullPointerException if an argument is null
         */
        public DeclaredTrait {
            Objects.requireNonNull(plugin, "plugin");
            Objects.requireNonNull(trait, "trait");
        }
    }

    @Override
    public String toString() {
        return "Schedules" + names();
    }
}
