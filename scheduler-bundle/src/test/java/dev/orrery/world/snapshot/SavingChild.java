package dev.orrery.world.snapshot;

import static dev.orrery.world.snapshot.SnapshotWorlds.HEALTH;
import static dev.orrery.world.snapshot.SnapshotWorlds.NAME;
import static dev.orrery.world.snapshot.SnapshotWorlds.POSITION;
import static dev.orrery.world.snapshot.SnapshotWorlds.SCORES;
import static dev.orrery.world.snapshot.SnapshotWorlds.WORLD_SCORE;

import dev.orrery.world.AllocatorState;
import dev.orrery.world.Trait;
import dev.orrery.world.World;
import dev.orrery.world.snapshot.SnapshotWorlds.Health;
import dev.orrery.world.snapshot.SnapshotWorlds.Name;
import dev.orrery.world.snapshot.SnapshotWorlds.Position;
import dev.orrery.world.snapshot.SnapshotWorlds.Score;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Map;
import java.util.TreeMap;

/**
 * The process that {@link KilledDuringWriteTest} kills: it builds {@link #world(int) world 0}, then for
 * each line {@code go} on its input makes the next iteration {@code k} ({@link #advance}) and saves it
 * with {@link SnapshotFiles} to the file named by its argument, printing {@code saving k} before the
 * capture, {@code writing k} between the capture and the write, and {@code saved k} once the file is in
 * place. It ends at the end of its input. The worlds depend on {@code k} alone, so the test rebuilds
 * them.
 */
final class SavingChild {
    /** Entities of world 0: enough that one save takes a noticeable time. */
    static final int ENTITIES = 5_000;

    private SavingChild() {
    }

    public static void main(String[] args) throws Exception {
        Path file = Path.of(args[0]);
        PrintStream out = new PrintStream(System.out, true, StandardCharsets.US_ASCII);
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.US_ASCII));
        World w = world(0);
        SnapshotOptions options = SnapshotOptions.builder().format(SnapshotFormat.CBOR).build();
        for (int k = 1; "go".equals(in.readLine()); k++) {
            advance(w, k);
            out.println("saving " + k);
            WorldSnapshot snapshot = WorldSnapshot.capture(w, options);
            out.println("writing " + k);
            SnapshotFiles.write(file, snapshot);
            out.println("saved " + k);
        }
    }

    /** @return world {@code k}: world 0 with {@link #advance} applied for 1 to {@code k} */
    static World world(int k) {
        World w = new World();
        for (int i = 0; i < ENTITIES; i++) {
            long e = w.spawn();
            w.set(e, POSITION, new Position(i, -i / 3.0));
            w.set(e, HEALTH, new Health(i % 100, 100));
            if (i % 4 == 0) {
                w.set(e, NAME, new Name("unit " + i));
            }
        }
        w.set(WORLD_SCORE, new Score(0));
        for (int i = 1; i <= k; i++) {
            advance(w, i);
        }
        return w;
    }

    /** Iteration {@code k}'s change: values, the world score, and every third time a destroy and a spawn. */
    static void advance(World w, int k) {
        w.set(WORLD_SCORE, new Score(k));
        AllocatorState a = w.allocatorState();
        for (int j = 0; j < 50; j++) {
            long e = a.handle((k * 7919 + j * 613) % ENTITIES);
            if (w.isAlive(e)) {
                w.set(e, SCORES.get((k + j) % SCORES.size()), new Score(k * 1000L + j));
                w.set(e, HEALTH, new Health(k, 100));
            }
        }
        if (k % 3 == 0) {
            long gone = a.handle((k * 31) % ENTITIES);
            if (w.isAlive(gone)) {
                w.destroy(gone);
            }
            long born = w.spawn();
            w.set(born, NAME, new Name("born in " + k));
        }
    }

    /**
     * A digest of what a save keeps, the same in every process: every slot's generation, the free
     * slots, each live entity's persistent values by trait name, and the world score. (Handles are
     * left out: their world tag differs between processes.)
     */
    static String fingerprint(World w) {
        MessageDigest d = sha256();
        AllocatorState a = w.allocatorState();
        boolean[] free = new boolean[a.slotCount()];
        for (int s : a.freeSlots()) {
            free[s] = true;
            update(d, "free " + s);
        }
        for (int slot = 0; slot < a.slotCount(); slot++) {
            update(d, "slot " + slot + " generation " + a.generation(slot));
            if (!free[slot]) {
                Map<String, Object> values = new TreeMap<>();
                for (Trait<?> t : w.traitsOf(a.handle(slot))) {
                    if (t.isPersistent()) {
                        values.put(t.name(), w.get(a.handle(slot), t));
                    }
                }
                update(d, values.toString());
            }
        }
        update(d, "world score " + w.get(WORLD_SCORE));
        return HexFormat.of().formatHex(d.digest());
    }

    private static void update(MessageDigest d, String s) {
        d.update(s.getBytes(StandardCharsets.UTF_8));
        d.update((byte) '\n');
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
