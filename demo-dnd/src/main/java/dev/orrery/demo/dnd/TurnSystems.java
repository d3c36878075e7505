package dev.orrery.demo.dnd;

import dev.orrery.demo.dnd.model.Attack;
import dev.orrery.demo.dnd.model.BattleConfig;
import dev.orrery.demo.dnd.model.BattleEnd;
import dev.orrery.demo.dnd.model.BattleRng;
import dev.orrery.demo.dnd.model.BattleState;
import dev.orrery.demo.dnd.model.BattleSummary;
import dev.orrery.demo.dnd.model.CombatLog;
import dev.orrery.demo.dnd.model.Combatant;
import dev.orrery.demo.dnd.model.Decision;
import dev.orrery.demo.dnd.model.Dodging;
import dev.orrery.demo.dnd.model.Effect;
import dev.orrery.demo.dnd.model.Damage;
import dev.orrery.demo.dnd.model.Fallen;
import dev.orrery.demo.dnd.model.Healing;
import dev.orrery.demo.dnd.model.Health;
import dev.orrery.demo.dnd.model.HpChange;
import dev.orrery.demo.dnd.model.Position;
import dev.orrery.demo.dnd.model.Side;
import dev.orrery.demo.dnd.model.Stage;
import dev.orrery.demo.dnd.model.TurnOutcome;
import dev.orrery.demo.dnd.model.TurnPhases;
import dev.orrery.plugin.prefab.SpawnQueue;
import dev.orrery.schedule.EcsObserver;
import dev.orrery.schedule.EcsSystem;
import dev.orrery.schedule.Plugin;
import dev.orrery.world.World;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The {@code dnd/turn} pipeline, one system per phase of {@link TurnPhases}: the plugin
 * {@value #PLUGIN_NAME}, published with {@code orrery.schedule=dnd/turn}. The frame system
 * ({@link FrameSystems}) steps it with {@code runPhases(StartOfTurn, Move)}, waits for the decision,
 * then {@code runPhases(Act, EndOfTurn)}; turn-based calls pass dt = 0 (SCH-042).
 */
public final class TurnSystems {
    /** The plugin name. */
    public static final String PLUGIN_NAME = "dnd-turn";

    /** Picks the next standing combatant in initiative order; a wrap starts a new round. */
    public static final EcsSystem START = EcsSystem.define("dnd/turn/start", TurnPhases.START_OF_TURN,
            TurnSystems::startOfTurn);
    /** The actor closes in on the nearest enemy, up to its speed, unless one is already in range. */
    public static final EcsSystem MOVE = EcsSystem.define("dnd/turn/move", TurnPhases.MOVE, TurnSystems::move);
    /** Rolls the decided action (checked against this turn's options; a stale one becomes a dodge). */
    public static final EcsSystem ACT = EcsSystem.define("dnd/turn/act", TurnPhases.ACT, TurnSystems::act);
    /** Applies the hit point changes and sends a {@link Damage} message per hit. */
    public static final EcsSystem RESOLVE = EcsSystem.define("dnd/turn/resolve", TurnPhases.RESOLVE,
            TurnSystems::resolve);
    /** Ends the turn: victory, a draw at the turn limit, or on to the next turn. */
    public static final EcsSystem END = EcsSystem.define("dnd/turn/end", TurnPhases.END_OF_TURN,
            TurnSystems::endOfTurn);

    /**
     * Marks the fallen: when a combatant's {@link Health} changes to 0, adds {@link Fallen} and logs
     * the fall. An observer, so whatever sets the hit points (the Resolve phase today, a trap or a
     * poison plugin tomorrow) needs no fall rule of its own; it runs at the publish of the phase that
     * set them, and its add is published in the same barrier, before EndOfTurn counts who stands.
     */
    public static final EcsObserver MARK_FALLEN = EcsObserver.builder("dnd/turn/mark-fallen").onChange(Health.TRAIT)
            .run(TurnSystems::markFallen);

    /** The plugin value of the turn schedule. */
    public static final Plugin PLUGIN = Plugin.builder(PLUGIN_NAME)
            .phases(TurnPhases.ALL)
            .systems(START, MOVE, ACT, RESOLVE, END)
            .observers(MARK_FALLEN)
            .build();

    private TurnSystems() {
    }

    private static CombatLog log(World world) {
        return world.add(CombatLog.TRAIT);
    }

    static void startOfTurn(World world, double dt) {
        BattleState s = world.get(BattleState.TRAIT);
        List<Long> order = s.order();
        int round = s.round();
        int next = s.index();
        do {
            next = next + 1 >= order.size() ? 0 : next + 1;
            if (next == 0) {
                round++;
                log(world).add("-- Round " + round + " --");
            }
        } while (!Battlefield.isStanding(world, order.get(next)));
        long actor = order.get(next);
        BattleState begun = s.beginTurn(round, next);
        world.set(BattleState.TRAIT, begun);
        if (world.has(actor, Dodging.TRAIT)) {
            world.remove(actor, Dodging.TRAIT);
        }
        log(world).add("Turn " + begun.turns() + ": " + Battlefield.describe(world, actor) + " at "
                + world.get(actor, Position.TRAIT));
    }

    static void move(World world, double dt) {
        long actor = world.get(BattleState.TRAIT).actor().orElseThrow();
        Side enemySide = Battlefield.side(world, actor).opponent();
        int range = world.get(actor, Attack.TRAIT).range();
        Long nearest = null;
        int best = Integer.MAX_VALUE;
        for (long enemy : Battlefield.standing(world, enemySide)) {
            int d = Battlefield.distance(world, actor, enemy);
            if (d < best) {
                best = d;
                nearest = enemy;
            }
        }
        if (nearest == null || best <= range) {
            return;
        }
        Position from = world.get(actor, Position.TRAIT);
        Position at = from;
        Position goal = world.get(nearest, Position.TRAIT);
        int speed = world.get(actor, Combatant.TRAIT).speed();
        for (int step = 0; step < speed && at.distanceTo(goal) > range; step++) {
            Position nextSquare = stepToward(world, at, goal);
            if (nextSquare == null) {
                break;
            }
            at = nextSquare;
        }
        if (!at.equals(from)) {
            world.set(actor, Position.TRAIT, at);
            log(world).add(Battlefield.name(world, actor) + " moves " + from + " -> " + at + ", "
                    + at.distanceTo(goal) + " from " + Battlefield.name(world, nearest));
        }
    }

    /** One square toward the goal: diagonal first, then straight; never onto an occupied square. */
    private static Position stepToward(World world, Position at, Position goal) {
        int dx = Integer.signum(goal.x() - at.x());
        int dy = Integer.signum(goal.y() - at.y());
        Position[] tries = {new Position(at.x() + dx, at.y() + dy), new Position(at.x() + dx, at.y()),
                new Position(at.x(), at.y() + dy)};
        for (Position p : tries) {
            if (!p.equals(at) && p.distanceTo(goal) < at.distanceTo(goal) && !occupied(world, p)) {
                return p;
            }
        }
        return null;
    }

    private static boolean occupied(World world, Position p) {
        for (long e : world.query(Battlefield.STANDING).entities()) {
            if (world.get(e, Position.TRAIT).equals(p)) {
                return true;
            }
        }
        return false;
    }

    static void act(World world, double dt) {
        BattleState s = world.get(BattleState.TRAIT);
        long actor = s.actor().orElseThrow();
        String name = Battlefield.name(world, actor);
        Decision decision = world.get(Decision.TRAIT);
        List<Decision> options = ActionOptions.of(world, actor, decision == null ? Ai.BY : decision.by());
        if (decision == null || !options.contains(decision)) {
            log(world).add(name + " cannot " + (decision == null ? "decide" : decision.toString()) + " now");
            decision = options.get(options.size() - 1);
        }
        BattleRng rng = world.get(BattleRng.TRAIT);
        SpawnQueue fx = SpawnQueue.of(world);
        switch (decision.kind()) {
            case ATTACK -> {
                long target = Battlefield.standingNamed(world, decision.target()).orElseThrow();
                Attack attack = world.get(actor, Attack.TRAIT);
                int armor = world.get(target, Combatant.TRAIT).armorClass();
                int roll = rng.die(20);
                String rollText = String.valueOf(roll);
                if (world.has(target, Dodging.TRAIT)) {
                    int second = rng.die(20);
                    rollText = Math.min(roll, second) + " (disadvantage, " + roll + " and " + second + ")";
                    roll = Math.min(roll, second);
                }
                boolean critical = roll == 20;
                boolean hit = critical || (roll != 1 && roll + attack.bonus() >= armor);
                String line = name + " attacks " + decision.target() + " with " + attack.weapon() + ": d20 "
                        + rollText + " + " + attack.bonus() + " = " + (roll + attack.bonus()) + " vs AC " + armor;
                if (hit) {
                    int damage = Math.max(1, rng.roll(attack.damage(), critical ? 2 : 1));
                    world.set(TurnOutcome.TRAIT, world.add(TurnOutcome.TRAIT).plus(new HpChange(target, -damage)));
                    log(world).add(line + (critical ? ", CRITICAL hit for " : ", hit for ") + damage + " damage ("
                            + attack.damage() + (critical ? " twice" : "") + ")");
                    fx.request("dnd/fx", Effect.TRAIT.with(new Effect("hit", decision.target(), 0.4)));
                } else {
                    log(world).add(line + ", miss");
                    fx.request("dnd/fx", Effect.TRAIT.with(new Effect("miss", decision.target(), 0.25)));
                }
            }
            case HEAL -> {
                long target = Battlefield.standingNamed(world, decision.target()).orElseThrow();
                Healing healing = world.get(actor, Healing.TRAIT);
                int amount = rng.roll(healing.amount(), 1);
                world.set(actor, Healing.TRAIT, healing.used());
                world.set(TurnOutcome.TRAIT, world.add(TurnOutcome.TRAIT).plus(new HpChange(target, amount)));
                log(world).add(name + " casts " + healing.spell() + " on " + decision.target() + ": " + amount
                        + " HP (" + healing.amount() + "), " + healing.used().uses() + " casts left");
                fx.request("dnd/fx", Effect.TRAIT.with(new Effect("heal", decision.target(), 0.5)));
            }
            case DODGE -> {
                world.set(actor, Dodging.TRAIT, new Dodging(s.turns()));
                log(world).add(name + " takes the Dodge action");
            }
            default -> throw new IllegalStateException("unknown action " + decision.kind());
        }
    }

    static void resolve(World world, double dt) {
        TurnOutcome outcome = world.get(TurnOutcome.TRAIT);
        if (outcome == null || outcome.changes().isEmpty()) {
            return;
        }
        int turn = world.get(BattleState.TRAIT).turns();
        for (HpChange change : outcome.changes()) {
            long e = change.target();
            if (!Battlefield.isStanding(world, e)) {
                continue;
            }
            int max = world.get(e, Combatant.TRAIT).maxHp();
            int before = world.get(e, Health.TRAIT).hp();
            int hp = Math.max(0, Math.min(max, before + change.delta()));
            world.set(e, Health.TRAIT, new Health(hp));
            if (hp < before) {
                world.send(Damage.MESSAGE, new Damage(Battlefield.name(world, e), before - hp, hp, turn));
            }
            if (hp > 0) {
                log(world).add(Battlefield.name(world, e) + " is at " + hp + "/" + max + " HP");
            } // at 0, the observer dnd/turn/mark-fallen marks the fall
        }
        world.set(TurnOutcome.TRAIT, new TurnOutcome(List.of()));
    }

    static void markFallen(World world, long e) {
        if (world.get(e, Health.TRAIT).hp() == 0 && !world.has(e, Fallen.TRAIT)) {
            world.add(e, Fallen.TRAIT, new Fallen(world.get(BattleState.TRAIT).turns()));
            log(world).add(Battlefield.name(world, e) + " falls!");
        }
    }

    static void endOfTurn(World world, double dt) {
        world.remove(Decision.TRAIT);
        BattleState s = world.get(BattleState.TRAIT);
        BattleConfig config = world.get(BattleConfig.TRAIT);
        boolean partyStands = !Battlefield.standing(world, Side.PARTY).isEmpty();
        boolean monstersStand = !Battlefield.standing(world, Side.MONSTERS).isEmpty();
        Optional<Side> winner = partyStands == monstersStand ? Optional.empty()
                : Optional.of(partyStands ? Side.PARTY : Side.MONSTERS);
        if (winner.isEmpty() && s.turns() < config.maxTurns()) {
            world.set(BattleState.TRAIT, s.enter(Stage.BETWEEN_TURNS));
            return;
        }
        BattleState over = s.over(winner);
        world.set(BattleState.TRAIT, over);
        List<String> survivors = new ArrayList<>();
        for (long e : Battlefield.sorted(world, Battlefield.STANDING)) {
            survivors.add(Battlefield.describe(world, e));
        }
        BattleSummary summary = new BattleSummary(config.seed(), over.turns(), over.round(), winner, survivors);
        CombatLog log = log(world);
        log.add(winner.map(w -> "=== Victory: " + w.wins() + " after " + over.turns() + " turns ===")
                .orElse("=== Draw after " + over.turns() + " turns ==="));
        log.add("Summary");
        log.add("  winner: " + winner.map(Side::title).orElse("none (draw)"));
        log.add("  turns: " + summary.turns() + " in " + summary.rounds() + " rounds");
        log.add("  survivors: " + (survivors.isEmpty() ? "none" : String.join(", ", survivors)));
        log.add("  seed: " + summary.seed() + " (replay: ./orrery-demo --seed " + summary.seed() + ")");
        world.add(BattleEnd.TRAIT).future().complete(summary);
    }
}
