package dev.orrery.demo.dnd.model;

import dev.orrery.plugin.prefab.Prefab;
import java.util.List;

/**
 * The skirmish's prefabs (plugin-prefab): a base {@code dnd/combatant}, the heroes under
 * {@code dnd/hero}, the monsters under {@code dnd/monster}, and the effect {@code dnd/fx}. Each
 * spawn overrides {@link Name} and {@link Position}. Defined in the stable model bundle, so the rules
 * bundle registers the very same objects after an update (a no-op for the registry).
 */
public final class DndPrefabs {
    /** Base of every combatant: name, square, hit points. */
    public static final Prefab COMBATANT = Prefab.builder("dnd/combatant")
            .withDefault(Name.TRAIT)
            .withDefault(Position.TRAIT)
            .withDefault(Health.TRAIT)
            .build();
    /** Base of the heroes. */
    public static final Prefab HERO = Prefab.builder("dnd/hero").parent("dnd/combatant").build();
    /** Base of the monsters. */
    public static final Prefab MONSTER = Prefab.builder("dnd/monster").parent("dnd/combatant").build();

    /** A sturdy melee hero. */
    public static final Prefab FIGHTER = hero("fighter", new Combatant("fighter", Side.PARTY, 28, 17, 1, 5),
            new Attack("longsword", 5, Dice.of(1, 8, 3), 1));
    /** A healer who also swings a mace. */
    public static final Prefab CLERIC = Prefab.builder("dnd/hero/cleric").parent("dnd/hero")
            .with(Combatant.TRAIT, new Combatant("cleric", Side.PARTY, 22, 16, 0, 4))
            .with(Health.TRAIT, new Health(22))
            .with(Attack.TRAIT, new Attack("mace", 4, Dice.of(1, 6, 2), 1))
            .with(Healing.TRAIT, new Healing("cure wounds", 3, Dice.of(1, 8, 3), 6))
            .build();
    /** A fragile caster with a long-range cantrip. */
    public static final Prefab WIZARD = hero("wizard", new Combatant("wizard", Side.PARTY, 14, 12, 2, 5),
            new Attack("fire bolt", 5, Dice.of(1, 10, 0), 8));
    /** A quick striker. */
    public static final Prefab ROGUE = hero("rogue", new Combatant("rogue", Side.PARTY, 20, 14, 4, 6),
            new Attack("shortsword", 6, Dice.of(1, 6, 4), 1));

    /** A weak, quick melee monster. */
    public static final Prefab GOBLIN = monster("goblin", new Combatant("goblin", Side.MONSTERS, 9, 13, 2, 6),
            new Attack("scimitar", 4, Dice.of(1, 6, 2), 1));
    /** A goblin that shoots from afar. */
    public static final Prefab GOBLIN_ARCHER = monster("goblin archer",
            new Combatant("goblin archer", Side.MONSTERS, 9, 13, 2, 6), new Attack("shortbow", 4, Dice.of(1, 6, 2), 8));
    /** A hard-hitting brute. */
    public static final Prefab ORC = monster("orc", new Combatant("orc", Side.MONSTERS, 15, 13, 1, 5),
            new Attack("greataxe", 5, Dice.of(1, 12, 3), 1));
    /** The monsters' leader. */
    public static final Prefab OGRE = monster("ogre", new Combatant("ogre", Side.MONSTERS, 45, 11, -1, 5),
            new Attack("greatclub", 6, Dice.of(2, 8, 4), 1));

    /** A short visual effect; each spawn overrides {@link Effect} with its kind and target. */
    public static final Prefab FX = Prefab.builder("dnd/fx")
            .with(Effect.TRAIT, new Effect("flash", "?", 0.4))
            .build();

    /** Every prefab, parents first. */
    public static final List<Prefab> ALL = List.of(COMBATANT, HERO, MONSTER, FIGHTER, CLERIC, WIZARD, ROGUE,
            GOBLIN, GOBLIN_ARCHER, ORC, OGRE, FX);

    private DndPrefabs() {
    }

    private static Prefab hero(String role, Combatant c, Attack a) {
        return Prefab.builder("dnd/hero/" + role).parent("dnd/hero")
                .with(Combatant.TRAIT, c).with(Health.TRAIT, new Health(c.maxHp())).with(Attack.TRAIT, a).build();
    }

    private static Prefab monster(String kind, Combatant c, Attack a) {
        return Prefab.builder("dnd/monster/" + kind.replace(' ', '-')).parent("dnd/monster")
                .with(Combatant.TRAIT, c).with(Health.TRAIT, new Health(c.maxHp())).with(Attack.TRAIT, a).build();
    }
}
