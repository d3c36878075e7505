package dev.orrery.demo.dnd;

import dev.orrery.demo.dnd.model.Damage;
import dev.orrery.schedule.EcsSystem;
import dev.orrery.schedule.Phase;
import dev.orrery.schedule.Plugin;
import java.io.PrintStream;

/**
 * The plugin {@value #PLUGIN_NAME}: a stand-in for a sound (or UI) plugin that hears about the rules
 * through messages only. Its one system {@code dnd-sounds/hits} (PreUpdate) reads the
 * {@link Damage#MESSAGE} messages the rules send in the turn schedule's Resolve phase and prints one
 * cue line per hit, prefixed {@value #PREFIX}: it shares no trait and no code with the rules, and it
 * hears each hit exactly once however many frames pass between two hits. It runs early in the frame,
 * so it plays the hits of a turn in the frame after it: every message crosses a frame boundary, which
 * is where a hot update replaces the plugins, and none is lost or played twice there.
 */
public final class SoundCues {
    /** The plugin name. */
    public static final String PLUGIN_NAME = "dnd-sounds";
    /** The prefix of every cue line. */
    public static final String PREFIX = "[sfx] ";

    private SoundCues() {
    }

    /**
     * @param out where the cue lines go (the host's standard output)
     * @return the plugin value
     */
    public static Plugin plugin(PrintStream out) {
        EcsSystem hits = EcsSystem.builder("dnd-sounds/hits").phase(Phase.PRE_UPDATE).readsMessages(Damage.MESSAGE)
                .run((world, dt) -> world.messages(Damage.MESSAGE).forEach(d -> out.println(cue(d)))).build();
        return Plugin.builder(PLUGIN_NAME).systems(hits).build();
    }

    /**
     * @param hit a damage message
     * @return its cue line, e.g. {@code [sfx] thud: Goblin 1 takes 7 (2 HP left)} or
     *     {@code [sfx] crash: Goblin 1 falls (turn 4)}
     */
    public static String cue(Damage hit) {
        return hit.hpLeft() == 0
                ? PREFIX + "crash: " + hit.target() + " falls (turn " + hit.turn() + ")"
                : PREFIX + "thud: " + hit.target() + " takes " + hit.amount() + " (" + hit.hpLeft() + " HP left)";
    }
}
