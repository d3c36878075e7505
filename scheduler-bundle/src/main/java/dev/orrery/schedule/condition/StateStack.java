package dev.orrery.schedule.condition;

import dev.orrery.world.Trait;
import dev.orrery.world.TraitCodec;
import dev.orrery.world.Tree;
import dev.orrery.world.World;
import dev.orrery.world.snapshot.LateDefinitions;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Beyond the spec (Orrery's own, after the coroutine-pipeline reference's state stack): a stack
 * of named states per world, read by {@link RunIf#inState}. Kept in a world trait, so it belongs to the
 * world (it survives schedule rebuilds) and {@code world.reset()} empties it. A change applies at once:
 * the next condition tested, also later in the same pass, sees it. Like the world, confined to the
 * world's thread.
 *
 * <pre>{@code
 * StateStack.push(world, "menu");
 * StateStack.replace(world, "game");   // menu -> game
 * StateStack.push(world, "paused");    // game, paused: inState("game") is false now
 * StateStack.pop(world);               // back to game
 * }</pre>
 *
 * @since 0.1
 */
public final class StateStack {
    private static final Trait<Stack> TRAIT = Trait.<Stack>builder("runIf state stack").defaultFactory(Stack::new)
            .persistent(1, TraitCodec.of(Stack::toTree, Stack::fromTree)).build();

    private StateStack() {
    }

    /** The per-world value: names bottom to top. */
    private static final class Stack {
        final ArrayList<String> names = new ArrayList<>();

        Tree toTree() {
            List<Tree> items = new ArrayList<>();
            names.forEach(n -> items.add(Tree.of(n)));
            return new Tree.Array(items);
        }

        static Stack fromTree(Tree t) {
            Stack s = new Stack();
            for (Tree item : ((Tree.Array) t).items()) {
                s.names.add(((Tree.Text) item).value());
            }
            return s;
        }
    }

    /**
     * Pushes a state: it becomes the top.
     *
     * @param world the world; not null
     * @param state the state's name; not null, not empty or blank
     * @throws NullPointerException if {@code world} or {@code state} is null
     * @throws IllegalArgumentException if {@code state} is empty or blank
     */
    public static void push(World world, String state) {
        Objects.requireNonNull(world, "StateStack.push: world is null");
        stack(world).names.add(requireName(state, "push"));
    }

    /**
     * Pops the top state.
     *
     * @param world the world; not null
     * @return the state removed
     * @throws NullPointerException if {@code world} is null
     * @throws IllegalStateException if the world's state stack is empty
     */
    public static String pop(World world) {
        Objects.requireNonNull(world, "StateStack.pop: world is null");
        ArrayList<String> names = requireTop(world, "pop");
        return names.remove(names.size() - 1);
    }

    /**
     * Replaces the top state.
     *
     * @param world the world; not null
     * @param state the new top's name; not null, not empty or blank
     * @return the state replaced
     * @throws NullPointerException if {@code world} or {@code state} is null
     * @throws IllegalArgumentException if {@code state} is empty or blank
     * @throws IllegalStateException if the world's state stack is empty (nothing to replace; push)
     */
    public static String replace(World world, String state) {
        Objects.requireNonNull(world, "StateStack.replace: world is null");
        String name = requireName(state, "replace");
        ArrayList<String> names = requireTop(world, "replace");
        return names.set(names.size() - 1, name);
    }

    /**
     * A query: does not add the trait.
     *
     * @param world the world; not null
     * @return the top state, or empty when the stack is empty
     * @throws NullPointerException if {@code world} is null
     */
    public static Optional<String> top(World world) {
        Objects.requireNonNull(world, "StateStack.top: world is null");
        return Optional.ofNullable(topOrNull(world));
    }

    /**
     * A query: does not add the trait.
     *
     * @param world the world; not null
     * @return the states bottom to top (a new unmodifiable list)
     * @throws NullPointerException if {@code world} is null
     */
    public static List<String> states(World world) {
        Objects.requireNonNull(world, "StateStack.states: world is null");
        Stack stack = find(world);
        return stack == null ? List.of() : List.copyOf(stack.names);
    }

    /** @return the top state or null; allocation-free, adds nothing */
    static String topOrNull(World world) {
        Stack stack = find(world);
        if (stack == null || stack.names.isEmpty()) {
            return null;
        }
        return stack.names.get(stack.names.size() - 1);
    }

    /** @return the world's stack, decoded from a restore's opaque data if the world has not used it yet, or null */
    private static Stack find(World world) {
        Stack stack = world.get(TRAIT);
        return stack != null ? stack : LateDefinitions.worldValue(world, TRAIT);
    }

    private static Stack stack(World world) {
        Stack stack = find(world);
        return stack != null ? stack : world.add(TRAIT);
    }

    private static ArrayList<String> requireTop(World world, String api) {
        Stack stack = find(world);
        if (stack == null || stack.names.isEmpty()) {
            throw new IllegalStateException("StateStack." + api + ": the state stack of this world is empty");
        }
        return stack.names;
    }

    static String requireName(String state, String api) {
        Objects.requireNonNull(state, () -> "StateStack." + api + ": state is null");
        if (state.isBlank()) {
            throw new IllegalArgumentException("StateStack." + api + ": state is empty or blank; a state name is required");
        }
        return state;
    }
}
