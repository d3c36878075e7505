package dev.orrery.demo.dnd;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The battle's set-up as its configuration file {@value #FILE} (a resource of this bundle) says: the
 * battle's name and the starting line-up. {@code dnd/setup} reads it when the battle starts with
 * {@code Cooperative.supply(}{@value #LABEL}{@code , ...)}, so the read runs on a worker and the world
 * update parks until it is there. Immutable.
 *
 * <p>The file: lines {@code battle: <name>} (exactly one) and {@code spawn: <prefab> <x> <y> <name>} (at
 * least one; the name is the rest of the line); {@code #} starts a comment line; blank lines are ignored.
 *
 * @param battle the battle's name, e.g. {@code Skirmish at the Old Mill ford}
 * @param lineUp who stands where when it starts, in the file's order
 */
public record BattleSetup(String battle, List<Spawn> lineUp) {
    /** The configuration file, next to this class. */
    public static final String FILE = "battle-config.txt";
    /** The label of the wait, as status and log lines show it. */
    public static final String LABEL = "dnd/battle-config";

    /**
     * One combatant of the line-up.
     *
     * @param prefab the prefab it is spawned from, e.g. {@code dnd/hero/fighter}
     * @param name its name
     * @param x its column
     * @param y its row
     */
    public record Spawn(String prefab, String name, int x, int y) {
        /** @throws NullPointerException if a name is null */
        public Spawn {
            Objects.requireNonNull(prefab, "prefab");
            Objects.requireNonNull(name, "name");
        }
    }

    /** Copies the line-up; checks for nulls. */
    public BattleSetup {
        Objects.requireNonNull(battle, "battle");
        lineUp = List.copyOf(lineUp);
    }

    /**
     * Reads {@value #FILE}, blocking: runs on a worker ({@code Cooperative.supply}), never on the frame
     * thread.
     *
     * @param delay how long to wait before reading (the demo's setting
     *     {@value DemoSettings#CONFIG_DELAY}, to watch the world park); zero for none
     * @return the set-up
     * @throws IOException if the file is missing or cannot be read
     * @throws IllegalArgumentException if a line is malformed; the message names the file and the line
     * @throws InterruptedException if the wait was cancelled (the host stopped or the plugin left)
     */
    public static BattleSetup load(Duration delay) throws IOException, InterruptedException {
        if (!delay.isZero()) {
            Thread.sleep(delay.toMillis());
        }
        try (InputStream in = BattleSetup.class.getResourceAsStream(FILE)) {
            if (in == null) {
                throw new IOException(FILE + ": not found next to " + BattleSetup.class.getName() + " in the rules bundle");
            }
            return parse(FILE, new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().toList());
        }
    }

    /**
     * @param file the file's name, for messages
     * @param lines its lines
     * @return the set-up they describe
     * @throws IllegalArgumentException if a line is malformed, the battle's name is missing or given
     *     twice, or no one is spawned; the message names the file and the line and says what is expected
     */
    public static BattleSetup parse(String file, List<String> lines) {
        String battle = null;
        List<Spawn> lineUp = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i).strip();
            String where = file + " line " + (i + 1);
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            if (line.startsWith("battle:")) {
                if (battle != null) {
                    throw new IllegalArgumentException(where + ": a second 'battle:' line; give the battle's name once");
                }
                battle = line.substring("battle:".length()).strip();
            } else if (line.startsWith("spawn:")) {
                lineUp.add(spawn(where, line.substring("spawn:".length()).strip()));
            } else {
                throw new IllegalArgumentException(where + ": expected 'battle: <name>' or 'spawn: <prefab> <x> <y> <name>',"
                        + " got '" + line + "'");
            }
        }
        if (battle == null || battle.isEmpty()) {
            throw new IllegalArgumentException(file + ": no 'battle: <name>' line");
        }
        if (lineUp.isEmpty()) {
            throw new IllegalArgumentException(file + ": no 'spawn: <prefab> <x> <y> <name>' line; the battle needs combatants");
        }
        return new BattleSetup(battle, lineUp);
    }

    private static Spawn spawn(String where, String text) {
        String[] parts = text.split("\\s+", 4);
        if (parts.length < 4) {
            throw new IllegalArgumentException(where + ": expected 'spawn: <prefab> <x> <y> <name>', got 'spawn: " + text + "'");
        }
        try {
            return new Spawn(parts[0], parts[3], Integer.parseInt(parts[1]), Integer.parseInt(parts[2]));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(where + ": the square must be two whole numbers, got '" + parts[1] + " "
                    + parts[2] + "'", e);
        }
    }
}
