package dev.orrery.demo.dnd;

import dev.orrery.demo.dnd.model.Attack;
import dev.orrery.demo.dnd.model.BattleState;
import dev.orrery.demo.dnd.model.Effect;
import dev.orrery.demo.dnd.model.Flights;
import dev.orrery.demo.dnd.model.Name;
import dev.orrery.demo.dnd.model.Position;
import dev.orrery.demo.dnd.model.Projectile;
import dev.orrery.demo.dnd.model.Stage;
import dev.orrery.host.Schedules;
import dev.orrery.schedule.EcsSystem;
import dev.orrery.schedule.FixedPhases;
import dev.orrery.schedule.FixedTime;
import dev.orrery.schedule.Phase;
import dev.orrery.schedule.Plugin;
import dev.orrery.world.Query;
import dev.orrery.world.World;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * The plugin {@value #PLUGIN_NAME} of the schedule {@value #SCHEDULE}: a small real-time physics
 * stand-in beside the turn pipeline. A ranged attack (a weapon of range above 1: the wizard's fire
 * bolt, the archer's shortbow) sends a {@link Projectile} from the shooter's square to the target's;
 * it moves in the fixed-step phase {@link FixedPhases#FIXED_UPDATE} (60 Hz, {@value #STEPS_PER_SQUARE}
 * steps a square, so 30 squares a second whatever the frame rate) and is drawn every frame between its
 * last two steps with the fixed clock's interpolation {@link FixedTime#alpha()}. When it lands it
 * prints one line, prefixed {@value #PREFIX}, e.g.
 * {@code [fx] fire bolt: Cyl (2,1) -> Goblin 1 (10,1), 8 squares in 16 fixed steps (60 Hz), drawn in 16 frames, last at (9.5,1.0), alpha 0.00}.
 * <ul>
 *   <li>{@code dnd-fx/launch} (PreUpdate): each new hit or miss effect of the acting combatant's attack
 *       ({@link Effect}, spawned by the rules' Act phase) is looked at once ({@link Projectile#LAUNCHED});
 *       a ranged one launches a projectile. Once the battle is over and nothing flies, it completes
 *       {@link Flights}, for which the battle's end watchers wait.</li>
 *   <li>{@code dnd-fx/fly} (FixedUpdate): one step per fixed step, {@code dt == 1/60 s}.</li>
 *   <li>{@code dnd-fx/draw} (PostUpdate): the interpolated point, the frame count; the line and the
 *       projectile's end when it has landed.</li>
 * </ul>
 * The frame system {@code dnd/turn-driver} runs the schedule once per frame with the frame's dt
 * ({@link #step}); its fixed phases then run as many steps as the frames' dt holds. In the headless
 * demo (fixed frames of 1/60 s) that is one step a frame and alpha stays below 0.005 for well over an
 * hour of frames, so the printed lines are the same on every run of a seed; with real-time frames
 * (say 144 a second) a projectile is drawn in more frames than it has steps, at alphas in between.
 * The lines name squares and steps, never times or frame numbers, and depend only on the battle.
 */
public final class Projectiles {
    /** The plugin name. */
    public static final String PLUGIN_NAME = "dnd-fx";
    /** The schedule the plugin belongs to, stepped every frame by {@code dnd/turn-driver}. */
    public static final String SCHEDULE = "dnd/fx";
    /** The prefix of every printed line. */
    public static final String PREFIX = "[fx] ";
    /** Fixed steps per square of flight (at 60 Hz: 30 squares a second). */
    public static final int STEPS_PER_SQUARE = 2;
    /** The projectiles in flight. */
    public static final Query IN_FLIGHT = Query.of(Projectile.TRAIT);
    private static final Query EFFECTS = Query.builder().with(Effect.TRAIT).without(Projectile.LAUNCHED).build();

    private Projectiles() {
    }

    /**
     * @param out where the landing lines go (the host's standard output)
     * @return the plugin value
     */
    public static Plugin plugin(PrintStream out) {
        EcsSystem launch = EcsSystem.define("dnd-fx/launch", Phase.PRE_UPDATE, Projectiles::launch);
        EcsSystem fly = EcsSystem.define("dnd-fx/fly", FixedPhases.FIXED_UPDATE, Projectiles::fly);
        EcsSystem draw = EcsSystem.define("dnd-fx/draw", Phase.POST_UPDATE, (world, dt) -> draw(world, out));
        return Plugin.builder(PLUGIN_NAME).systems(launch, fly, draw).build();
    }

    /**
     * Runs the schedule {@value #SCHEDULE} once, when the host has it (while the rules bundle is being
     * replaced it may be gone for a few frames: the projectiles then simply wait in the air).
     *
     * @param world the host's world
     * @param dt the frame's dt, seconds
     */
    static void step(World world, double dt) {
        Schedules schedules = world.get(Schedules.TRAIT);
        if (schedules != null) {
            schedules.get(SCHEDULE).filter(s -> s.phases().contains(FixedPhases.FIXED_UPDATE))
                    .ifPresent(s -> s.run(world, dt));
        }
    }

    static void launch(World world, double dt) {
        BattleState s = world.get(BattleState.TRAIT);
        if (s == null) {
            return;
        }
        int launched = 0;
        for (long effect : world.query(EFFECTS).entities()) {
            world.add(effect, Projectile.LAUNCHED);
            Effect fx = world.get(effect, Effect.TRAIT);
            if (s.actor().isEmpty() || !(fx.kind().equals("hit") || fx.kind().equals("miss"))) {
                continue; // a heal glow: nothing flies
            }
            long shooter = s.actor().get();
            Attack attack = world.get(shooter, Attack.TRAIT);
            Long target = combatantNamed(world, fx.on());
            if (attack == null || attack.range() <= 1 || target == null) {
                continue; // a melee blow
            }
            Position from = world.get(shooter, Position.TRAIT);
            Position to = world.get(target, Position.TRAIT);
            world.spawn(Projectile.TRAIT.with(Projectile.launched(attack.weapon(), Battlefield.name(world, shooter),
                    fx.on(), from, to, from.distanceTo(to) * STEPS_PER_SQUARE)));
            launched++;
        }
        if (s.stage() == Stage.OVER && launched == 0 && world.query(IN_FLIGHT).isEmpty()) {
            world.add(Flights.TRAIT).landed().complete(null);
        }
    }

    static void fly(World world, double dt) {
        world.query(IN_FLIGHT).forEach(Projectile.TRAIT, (e, p) -> {
            if (!p.landed()) {
                world.set(e, Projectile.TRAIT, p.stepped());
            }
        });
    }

    static void draw(World world, PrintStream out) {
        double alpha = FixedTime.of(world, FixedPhases.DEFAULT_CLOCK).alpha();
        List<Long> flying = new ArrayList<>();
        for (long e : world.query(IN_FLIGHT).entities()) {
            flying.add(e);
        }
        flying.sort(Comparator.comparing((Long e) -> world.get(e, Projectile.TRAIT).shooter()));
        for (long e : flying) {
            Projectile p = world.get(e, Projectile.TRAIT).drawn(alpha);
            if (!p.landed()) {
                world.set(e, Projectile.TRAIT, p);
                continue;
            }
            out.println(line(p, alpha));
            out.flush();
            world.destroy(e);
        }
    }

    /**
     * @param p a landed projectile, drawn for the last time
     * @param alpha the interpolation alpha it was drawn with
     * @return its line, e.g. {@code [fx] shortbow: Goblin Archer (13,2) -> Cyl (4,1), 9 squares in 18 fixed
     *     steps (60 Hz), drawn in 18 frames, last at (4.5,1.1), alpha 0.00}
     */
    static String line(Projectile p, double alpha) {
        return PREFIX + p.weapon() + ": " + p.shooter() + " " + p.from() + " -> " + p.target() + " " + p.to() + ", "
                + p.squares() + " squares in " + p.steps() + " fixed steps (" + Math.round(FixedPhases.DEFAULT_CLOCK.hz())
                + " Hz), drawn in " + p.frames() + " frames, last at "
                + String.format(Locale.ROOT, "(%.1f,%.1f), alpha %.2f", p.drawnX(), p.drawnY(), alpha);
    }

    /** @return the combatant of that name, standing or fallen, or null */
    private static Long combatantNamed(World world, String name) {
        for (long e : world.query(Battlefield.COMBATANTS).entities()) {
            if (world.get(e, Name.TRAIT).value().equals(name)) {
                return e;
            }
        }
        return null;
    }
}
