package dev.orrery.demo.dnd;

import dev.orrery.demo.dnd.model.Attack;
import dev.orrery.demo.dnd.model.BattleConfig;
import dev.orrery.demo.dnd.model.BattleEnd;
import dev.orrery.demo.dnd.model.BattleRng;
import dev.orrery.demo.dnd.model.BattleState;
import dev.orrery.demo.dnd.model.CombatLog;
import dev.orrery.demo.dnd.model.Combatant;
import dev.orrery.demo.dnd.model.Decision;
import dev.orrery.demo.dnd.model.DndPrefabs;
import dev.orrery.demo.dnd.model.Effect;
import dev.orrery.demo.dnd.model.Healing;
import dev.orrery.demo.dnd.model.Name;
import dev.orrery.demo.dnd.model.Position;
import dev.orrery.demo.dnd.model.Side;
import dev.orrery.demo.dnd.model.Stage;
import dev.orrery.demo.dnd.model.TurnPhases;
import dev.orrery.host.Schedules;
import dev.orrery.plugin.prefab.Prefab;
import dev.orrery.plugin.prefab.PrefabPlugin;
import dev.orrery.plugin.prefab.PrefabRegistry;
import dev.orrery.plugin.prefab.SpawnQueue;
import dev.orrery.schedule.Cooperative;
import dev.orrery.schedule.EcsSystem;
import dev.orrery.schedule.Phase;
import dev.orrery.schedule.Plugin;
import dev.orrery.schedule.Schedule;
import dev.orrery.world.World;
import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The skirmish's systems in the host's main schedule: the plugin {@value #PLUGIN_NAME}.
 * <ul>
 *   <li>{@code dnd/prefabs} (OnLoad, {@link PrefabPlugin#keepRegistered}): registers {@link DndPrefabs}
 *       in the world's prefab registry in the first frame, and again whenever one is missing;</li>
 *   <li>{@code dnd/setup} (OnStart): reads the battle's configuration file ({@link BattleSetup}) through
 *       {@code Cooperative.supply}, so the world update parks until it is read; adds the battle's traits
 *       (config, dice, log, state) and requests the combatants from their prefabs ({@code prefab/spawn}
 *       spawns them later in the frame);</li>
 *   <li>{@code dnd/effects} (PreUpdate, real time): ages the effect entities by dt, destroys the
 *       expired ones;</li>
 *   <li>{@code dnd/ai} (OnUpdate, real time): while a turn waits for an AI decision, "thinks" for
 *       {@link BattleConfig#aiThinkSeconds()} of dt, then decides;</li>
 *   <li>{@code dnd/console} (OnUpdate): in interactive mode, shows the party's options once per turn
 *       (the person answers with the shell command {@code act});</li>
 *   <li>{@code dnd/turn-driver} (OnUpdate, after both): the frame system that steps the turn schedule
 *       {@code dnd/turn}, reached through the host's {@link Schedules} world trait (SCH-045): rolls
 *       initiative once the combatants stand, then per turn {@code runPhases(StartOfTurn, Move)}, waits
 *       for the decision, {@code runPhases(Act, EndOfTurn)}, and waits for the effects and the pause
 *       between turns; first of all, every frame, it runs the projectiles' schedule {@code dnd/fx}
 *       ({@link Projectiles#step}) with the frame's dt.</li>
 * </ul>
 */
public final class FrameSystems {
    /** The plugin name. */
    public static final String PLUGIN_NAME = "dnd";

    private FrameSystems() {
    }

    /**
     * @param config the battle's configuration; added to the world by {@code dnd/setup} unless the
     *     world has one (a rules update mid-battle keeps the running battle's)
     * @param console where the console prompt is printed in interactive mode
     * @return the plugin value
     */
    public static Plugin plugin(BattleConfig config, PrintStream console) {
        return plugin(config, console, Duration.ZERO);
    }

    /**
     * @param config the battle's configuration, as {@link #plugin(BattleConfig, PrintStream)}
     * @param console where the console prompt is printed in interactive mode
     * @param configDelay how long the read of the configuration file waits first
     *     ({@link DemoSettings#configDelay}); zero for none
     * @return the plugin value
     */
    public static Plugin plugin(BattleConfig config, PrintStream console, Duration configDelay) {
        EcsSystem prefabs = PrefabPlugin.keepRegistered("dnd/prefabs", DndPrefabs.ALL.toArray(new Prefab[0]));
        EcsSystem setup = EcsSystem.builder("dnd/setup").phase(Phase.ON_START)
                .run((world, dt) -> setup(world, config, configDelay)).build();
        EcsSystem effects = EcsSystem.define("dnd/effects", Phase.PRE_UPDATE, FrameSystems::effects);
        EcsSystem ai = EcsSystem.define("dnd/ai", Phase.ON_UPDATE, FrameSystems::ai);
        EcsSystem prompt = EcsSystem.define("dnd/console", Phase.ON_UPDATE, (world, dt) -> prompt(world, console));
        EcsSystem driver = EcsSystem.builder("dnd/turn-driver").phase(Phase.ON_UPDATE).after(ai, prompt)
                .run(FrameSystems::drive).build();
        return Plugin.builder(PLUGIN_NAME).systems(prefabs, setup, effects, ai, prompt, driver).build();
    }

    // ------------------------------------------------------------------ OnStart

    static void setup(World world, BattleConfig config, Duration configDelay) {
        if (world.has(BattleState.TRAIT)) {
            return;
        }
        BattleSetup battle = Cooperative.supply(BattleSetup.LABEL, () -> BattleSetup.load(configDelay));
        BattleConfig c = world.add(BattleConfig.TRAIT, config);
        world.add(BattleRng.TRAIT, new BattleRng(c.seed()));
        world.add(BattleEnd.TRAIT);
        world.set(BattleState.TRAIT, BattleState.initial());
        CombatLog log = world.add(CombatLog.TRAIT);
        log.add("=== " + battle.battle() + ": the party against the monsters ===");
        log.add("seed " + c.seed() + (c.interactive() ? ", the party is played at the console" : ", AI on both sides"));
        SpawnQueue queue = SpawnQueue.of(world);
        for (BattleSetup.Spawn s : battle.lineUp()) {
            queue.request(s.prefab(), Name.TRAIT.with(new Name(s.name())), Position.TRAIT.with(new Position(s.x(), s.y())));
        }
    }

    // ------------------------------------------------------------------ real time

    static void effects(World world, double dt) {
        world.query(Battlefield.EFFECTS).forEach(Effect.TRAIT, (e, effect) -> {
            Effect aged = effect.aged(dt);
            if (aged.expired()) {
                world.destroy(e);
            } else {
                world.set(e, Effect.TRAIT, aged);
            }
        });
    }

    /**
     * @param world the world
     * @return whether the acting combatant's decision comes from the console
     */
    static boolean consoleDecides(World world, long actor) {
        BattleConfig c = world.get(BattleConfig.TRAIT);
        return c != null && c.interactive() && Battlefield.side(world, actor) == Side.PARTY;
    }

    static void ai(World world, double dt) {
        BattleState s = world.get(BattleState.TRAIT);
        if (s == null || s.stage() != Stage.AWAITING_DECISION || world.has(Decision.TRAIT)) {
            return;
        }
        long actor = s.actor().orElseThrow();
        if (consoleDecides(world, actor)) {
            return;
        }
        BattleState waited = s.waitedMore(dt);
        world.set(BattleState.TRAIT, waited);
        if (waited.waited() >= world.get(BattleConfig.TRAIT).aiThinkSeconds()) {
            world.set(Decision.TRAIT, Ai.decide(world, actor));
        }
    }

    static void prompt(World world, PrintStream console) {
        BattleState s = world.get(BattleState.TRAIT);
        if (s == null || s.stage() != Stage.AWAITING_DECISION || s.prompted() || world.has(Decision.TRAIT)) {
            return;
        }
        long actor = s.actor().orElseThrow();
        if (!consoleDecides(world, actor)) {
            return;
        }
        world.set(BattleState.TRAIT, s.markPrompted());
        console.println(ConsoleTurn.prompt(world, actor));
        console.flush();
    }

    // ------------------------------------------------------------------ the frame system

    static void drive(World world, double dt) {
        Projectiles.step(world, dt); // the projectiles' schedule, every frame
        BattleState s = world.get(BattleState.TRAIT);
        if (s == null) {
            return;
        }
        switch (s.stage()) {
            case SETUP -> {
                if (!world.query(Battlefield.COMBATANTS).isEmpty()) {
                    turnSchedule(world).ifPresent(turn -> begin(world, s, turn));
                }
            }
            case BETWEEN_TURNS -> {
                if (!world.query(Battlefield.EFFECTS).isEmpty()) {
                    return;
                }
                Optional<Schedule> turn = turnSchedule(world);
                if (turn.isEmpty()) {
                    return;
                }
                BattleState waited = s.waitedMore(dt);
                world.set(BattleState.TRAIT, waited);
                if (waited.waited() >= world.get(BattleConfig.TRAIT).turnPauseSeconds()) {
                    turn.get().runPhases(world, TurnPhases.START_OF_TURN, TurnPhases.MOVE, 0);
                }
            }
            case AWAITING_DECISION -> {
                if (world.has(Decision.TRAIT)) {
                    turnSchedule(world).ifPresent(
                            turn -> turn.runPhases(world, TurnPhases.ACT, TurnPhases.END_OF_TURN, 0));
                }
            }
            case OVER -> {
            }
            default -> throw new IllegalStateException("unknown stage " + s.stage());
        }
    }

    /**
     * The turn schedule, when the host has one with the turn phases: while the rules bundle is being
     * replaced, the host may for a moment run a {@code dnd/turn} without the {@code dnd-turn} plugin;
     * the battle then simply waits (stepping it would throw: unknown phase).
     */
    private static Optional<Schedule> turnSchedule(World world) {
        Schedules schedules = world.get(Schedules.TRAIT);
        return schedules == null ? Optional.empty() : schedules.get(TurnPhases.SCHEDULE)
                .filter(t -> t.phases().containsAll(TurnPhases.ALL));
    }

    /** The combatants stand: show them, the prefabs, the turn pipeline; roll initiative. */
    private static void begin(World world, BattleState s, Schedule turn) {
        CombatLog log = world.add(CombatLog.TRAIT);
        List<Long> all = Battlefield.sorted(world, Battlefield.COMBATANTS);
        log.add("prefabs: " + PrefabRegistry.of(world).names().size() + " registered; " + all.size()
                + " combatants spawned by prefab/spawn");
        for (long e : all) {
            Combatant c = world.get(e, Combatant.TRAIT);
            Attack a = world.get(e, Attack.TRAIT);
            Healing h = world.get(e, Healing.TRAIT);
            log.add(String.format("  %-15s %-13s %-26s %2d HP, AC %d, %s %+d (%s)%s, at %s",
                    Battlefield.name(world, e), c.side() == Side.PARTY ? "party" : "monsters",
                    "prefab " + world.get(e, Prefab.SOURCE), c.maxHp(), c.armorClass(), a.weapon(), a.bonus(),
                    a.damage(), h == null ? "" : ", " + h.spell() + " x" + h.uses(), world.get(e, Position.TRAIT)));
        }
        List<Phase> phases = turn.phases().stream().filter(p -> !p.isBuiltin()).collect(Collectors.toList());
        log.add("turn schedule '" + turn.name() + "': " + phases.stream()
                .map(p -> p.name() + (turn.isManual(p) ? "" : " (auto!)")).collect(Collectors.joining(" -> "))
                + ", manual (detached) chain stepped by dnd/turn-driver");
        BattleRng rng = world.get(BattleRng.TRAIT);
        List<Map.Entry<Long, Integer>> rolls = new ArrayList<>();
        for (long e : all) {
            rolls.add(Map.entry(e, rng.die(20) + world.get(e, Combatant.TRAIT).initiativeBonus()));
        }
        rolls.sort(Comparator.<Map.Entry<Long, Integer>>comparingInt(Map.Entry::getValue).reversed()
                .thenComparing(en -> -world.get(en.getKey(), Combatant.TRAIT).initiativeBonus())
                .thenComparing(en -> Battlefield.name(world, en.getKey())));
        List<Long> order = new ArrayList<>();
        for (Map.Entry<Long, Integer> r : rolls) {
            order.add(r.getKey());
        }
        log.add("initiative: " + rolls.stream().map(r -> Battlefield.name(world, r.getKey()) + " " + r.getValue())
                .collect(Collectors.joining(", ")));
        world.set(BattleState.TRAIT, s.withOrder(order));
    }
}
