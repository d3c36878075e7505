package dev.orrery.benchmarks;

import dev.orrery.host.core.FrontEnd;
import dev.orrery.host.core.HostCore;
import dev.orrery.host.core.HostSettingsParser;
import dev.orrery.host.core.PluginSource;
import dev.orrery.host.core.UnloadedCode;
import dev.orrery.schedule.EcsSystem;
import dev.orrery.schedule.Plugin;
import dev.orrery.world.Trait;
import dev.orrery.world.TraitCodec;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * A harness, not a JMH benchmark: a real-time host at 60 Hz with an autosave every second
 * ({@code orrery.host.autosaveSeconds=1}) over a world of 100,000 entities with 4 persistent traits
 * each. A system records the time between frame starts; after a warm-up the harness prints the p50,
 * p99 and worst frame interval, how many exceeded two periods (33.3 ms), and the same for a run
 * without autosave. Before each run the host is paused while the world is built and the garbage of
 * building it is collected (a game does that behind its loading screen). Arguments:
 * {@code [seconds per run, default 20] [entities, default 100000]}.
 *
 * <p>Run: {@code java -cp 'benchmarks/target/classes:benchmarks/target/lib/*' dev.orrery.benchmarks.AutosaveHarness}
 */
public final class AutosaveHarness {
    /** Entity traits of the world. */
    public record P(double x, double y) {
    }

    /** Entity traits of the world. */
    public record V(double dx, double dy) {
    }

    /** Entity traits of the world. */
    public record Hp(int current, int max) {
    }

    /** Entity traits of the world. */
    public record Tag(String name, int team) {
    }

    static final Trait<P> POS = Trait.<P>builder("bench/pos").defaultValue(new P(0, 0)).persistent(1, TraitCodec.of(P.class)).build();
    static final Trait<V> VEL = Trait.<V>builder("bench/vel").defaultValue(new V(0, 0)).persistent(1, TraitCodec.of(V.class)).build();
    static final Trait<Hp> HP = Trait.<Hp>builder("bench/hp").defaultValue(new Hp(1, 1)).persistent(1, TraitCodec.of(Hp.class)).build();
    static final Trait<Tag> TAG = Trait.<Tag>builder("bench/tag").defaultValue(new Tag("", 0)).persistent(1, TraitCodec.of(Tag.class)).build();

    private AutosaveHarness() {
    }

    /**
     * @param args {@code [seconds per run] [entities]}
     * @throws Exception if the host fails
     */
    public static void main(String[] args) throws Exception {
        int seconds = args.length > 0 ? Integer.parseInt(args[0]) : 20;
        int entities = args.length > 1 ? Integer.parseInt(args[1]) : 100_000;
        Path dir = Files.createTempDirectory("orrery-autosave");
        System.out.printf("60 Hz real-time host, %,d entities x 4 persistent traits, %d s per run, saves in %s%n",
                entities, seconds, dir);
        run("no autosave", 0, seconds, entities, dir);
        run("autosave every 1 s", 1, seconds, entities, dir);
        run("no autosave", 0, seconds, entities, dir);
        run("autosave every 1 s", 1, seconds, entities, dir);
        long size = Files.exists(dir.resolve("autosave.cbor")) ? Files.size(dir.resolve("autosave.cbor")) : -1;
        System.out.printf("autosave.cbor: %,d bytes (%.1f bytes per entity)%n", size, size / (double) entities);
    }

    /**
     * Collects the garbage of building the world (and of the run before) while the host is still
     * paused, as a game does behind its loading screen: otherwise the first young collection of the
     * measured frames copies the 100,000 freshly spawned entities to a survivor space, and that pause
     * belongs to loading the world, not to the autosave (without autosave nothing fills the young
     * generation during the run, so only the autosave runs would pay it).
     */
    private static void settle() {
        System.gc();
    }

    private static void run(String label, int autosaveSeconds, int seconds, int entities, Path dir) throws Exception {
        int warmup = 120;
        int frames = warmup + seconds * 60;
        long[] starts = new long[frames];
        int[] index = {0};
        CountDownLatch done = new CountDownLatch(1);
        Plugin clock = Plugin.builder("clock").systems(EcsSystem.define("clock/mark", (w, dt) -> {
            int i = index[0]++;
            if (i < frames) {
                starts[i] = System.nanoTime();
            } else {
                done.countDown();
            }
        })).build();
        HostCore host = HostCore.create(HostSettingsParser.parse(Map.of("mode", "realtime", "rate", 60,
                "saveDir", dir.toString(), "autosaveSeconds", autosaveSeconds, "startPaused", true,
                "frameWarnMillis", 0, "quietMillis", 0, "maxDelayMillis", 0), k -> null), new FrontEnd() {
            @Override
            public void stopApplication(String after) {
            }

            @Override
            public UnloadedCode unloadedCode() {
                return UnloadedCode.NONE;
            }
        }, System.getLogger("bench"));
        host.start();
        host.submit(w -> {
            for (int i = 0; i < entities; i++) {
                w.spawn(POS.with(new P(i, -i)), VEL.with(new V(1, 2)), HP.with(new Hp(i % 100, 100)),
                        TAG.with(new Tag("e" + (i % 1000), i % 4)));
            }
            return null;
        }).toCompletableFuture().get(60, TimeUnit.SECONDS);
        settle();
        host.pluginBound(1);
        host.pluginAdded(new PluginSource(1, "harness/1.0", null), clock);
        host.requestRebuild();
        host.resume();
        if (!done.await(seconds + 120L, TimeUnit.SECONDS)) {
            throw new IllegalStateException("the host did not run " + frames + " frames");
        }
        host.stop();
        long[] gaps = new long[frames - warmup - 1];
        for (int i = 0; i < gaps.length; i++) {
            gaps[i] = starts[warmup + i + 1] - starts[warmup + i];
        }
        long[] sorted = gaps.clone();
        Arrays.sort(sorted);
        long twoPeriods = 2 * 1_000_000_000L / 60;
        long over = Arrays.stream(gaps).filter(g -> g > twoPeriods).count();
        System.out.printf("%-20s frame interval p50 %.2f ms, p99 %.2f ms, max %.2f ms; over 2 periods (33.3 ms): %d of %,d%n",
                label, sorted[sorted.length / 2] / 1e6, sorted[(int) (sorted.length * 0.99)] / 1e6,
                sorted[sorted.length - 1] / 1e6, over, gaps.length);
    }
}
