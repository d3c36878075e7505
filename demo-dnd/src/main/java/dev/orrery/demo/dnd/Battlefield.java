package dev.orrery.demo.dnd;

import dev.orrery.demo.dnd.model.Attack;
import dev.orrery.demo.dnd.model.Combatant;
import dev.orrery.demo.dnd.model.Effect;
import dev.orrery.demo.dnd.model.Fallen;
import dev.orrery.demo.dnd.model.Health;
import dev.orrery.demo.dnd.model.Name;
import dev.orrery.demo.dnd.model.Position;
import dev.orrery.demo.dnd.model.Side;
import dev.orrery.world.Query;
import dev.orrery.world.World;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * Read helpers over the world's combatants. Every list is sorted by {@link Name}, so no rule depends
 * on entity iteration order (unspecified, spec "Notes for system authors").
 */
public final class Battlefield {
    /** Every combatant, standing or fallen. */
    public static final Query COMBATANTS = Query.of(Name.TRAIT, Combatant.TRAIT, Health.TRAIT, Position.TRAIT,
            Attack.TRAIT);
    /** The standing combatants. */
    public static final Query STANDING = Query.builder()
            .with(Name.TRAIT, Combatant.TRAIT, Health.TRAIT, Position.TRAIT, Attack.TRAIT)
            .without(Fallen.TRAIT)
            .build();
    /** The living visual effects. */
    public static final Query EFFECTS = Query.of(Effect.TRAIT);

    private Battlefield() {
    }

    /**
     * @param world the world
     * @param query {@link #COMBATANTS} or {@link #STANDING}
     * @return the matching entities, sorted by name
     */
    public static List<Long> sorted(World world, Query query) {
        List<Long> out = new ArrayList<>();
        for (long e : world.query(query).entities()) {
            out.add(e);
        }
        out.sort(Comparator.comparing(e -> world.get(e, Name.TRAIT).value()));
        return out;
    }

    /**
     * @param world the world
     * @param side a side
     * @return its standing combatants, by name
     */
    public static List<Long> standing(World world, Side side) {
        List<Long> out = new ArrayList<>();
        for (long e : sorted(world, STANDING)) {
            if (side(world, e) == side) {
                out.add(e);
            }
        }
        return out;
    }

    /**
     * @param world the world
     * @param name a combatant's name
     * @return the standing combatant of that name
     */
    public static Optional<Long> standingNamed(World world, String name) {
        for (long e : world.query(STANDING).entities()) {
            if (world.get(e, Name.TRAIT).value().equals(name)) {
                return Optional.of(e);
            }
        }
        return Optional.empty();
    }

    /**
     * @param world the world
     * @param e a combatant
     * @return whether it still stands
     */
    public static boolean isStanding(World world, long e) {
        return world.isAlive(e) && !world.has(e, Fallen.TRAIT);
    }

    /** @return the combatant's name */
    static String name(World world, long e) {
        return world.get(e, Name.TRAIT).value();
    }

    /** @return the combatant's side */
    static Side side(World world, long e) {
        return world.get(e, Combatant.TRAIT).side();
    }

    /** @return the grid distance between two combatants */
    static int distance(World world, long a, long b) {
        return world.get(a, Position.TRAIT).distanceTo(world.get(b, Position.TRAIT));
    }

    /** @return e.g. "Aria (fighter) 20/28 HP" */
    static String describe(World world, long e) {
        Combatant c = world.get(e, Combatant.TRAIT);
        return name(world, e) + " (" + c.role() + ") " + world.get(e, Health.TRAIT).hp() + "/" + c.maxHp() + " HP";
    }
}
