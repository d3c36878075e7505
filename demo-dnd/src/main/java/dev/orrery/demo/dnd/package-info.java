/**
 * The rules of the skirmish demo: systems only. {@link dev.orrery.demo.dnd.FrameSystems} are the
 * main schedule's systems (setup, per-frame effects, AI, console prompt, and the frame system that
 * steps the turn schedule), {@link dev.orrery.demo.dnd.TurnSystems} the {@code dnd/turn} pipeline.
 * Every bit of game state lives in the traits of the model bundle ({@code dev.orrery.demo.dnd.model});
 * nothing here keeps any, so this bundle can be replaced mid-battle (hot update) and the battle goes
 * on from the same turn and hit points. Not exported: the host reaches it through its
 * {@code Plugin} services only.
 */
package dev.orrery.demo.dnd;
