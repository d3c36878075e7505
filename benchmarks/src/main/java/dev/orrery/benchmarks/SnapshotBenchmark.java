package dev.orrery.benchmarks;

import dev.orrery.world.Trait;
import dev.orrery.world.TraitCodec;
import dev.orrery.world.World;
import dev.orrery.world.snapshot.SnapshotBuffers;
import dev.orrery.world.snapshot.SnapshotFormat;
import dev.orrery.world.snapshot.SnapshotOptions;
import dev.orrery.world.snapshot.WorldSnapshot;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * Saving a world of 100,000 entities with 4 persistent record traits: the frame-thread part
 * ({@code capture}: values into trees), the encoding ({@code write}, off the frame thread in a host),
 * and a whole restore, in JSON and CBOR.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@State(Scope.Benchmark)
public class SnapshotBenchmark {
    /** The first persistent component. */
    public record Pos(double x, double y) {
    }

    /** The second. */
    public record Vel(double dx, double dy) {
    }

    /** The third. */
    public record Hp(int current, int max) {
    }

    /** The fourth. */
    public record Tag(String name) {
    }

    static final Trait<Pos> POS = Trait.<Pos>builder("bench/pos").defaultValue(new Pos(0, 0))
            .persistent(1, TraitCodec.of(Pos.class)).build();
    static final Trait<Vel> VEL = Trait.<Vel>builder("bench/vel").defaultValue(new Vel(0, 0))
            .persistent(1, TraitCodec.of(Vel.class)).build();
    static final Trait<Hp> HP = Trait.<Hp>builder("bench/hp").defaultValue(new Hp(1, 1))
            .persistent(1, TraitCodec.of(Hp.class)).build();
    static final Trait<Tag> TAG = Trait.<Tag>builder("bench/tag").defaultValue(new Tag(""))
            .persistent(1, TraitCodec.of(Tag.class)).build();

    @Param({"100000"})
    public int entities;

    @Param({"CBOR", "JSON"})
    public SnapshotFormat format;

    private World world;
    private SnapshotOptions options;
    private WorldSnapshot captured;
    private byte[] bytes;
    private final SnapshotBuffers buffers = SnapshotBuffers.upTo(32L << 20);

    @Setup
    public void setUp() throws IOException {
        world = new World();
        for (int i = 0; i < entities; i++) {
            world.spawn(POS.with(new Pos(i, -i)), VEL.with(new Vel(1, 2)), HP.with(new Hp(i % 100, 100)),
                    TAG.with(new Tag("unit " + (i % 50))));
        }
        options = SnapshotOptions.builder().format(format).traits(POS, VEL, HP, TAG).build();
        captured = WorldSnapshot.capture(world, options);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        captured.writeTo(out);
        bytes = out.toByteArray();
        System.out.println("\n" + format + ": " + bytes.length + " bytes, " + (bytes.length / entities) + " bytes per entity");
    }

    /** @return the frame-thread pause of a save */
    @Benchmark
    public WorldSnapshot capture() {
        return WorldSnapshot.capture(world, options);
    }

    /** @return the encoding a worker does after the capture */
    @Benchmark
    public int write() throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream(bytes.length);
        captured.writeTo(out);
        return out.size();
    }

    /**
     * @return {@link #write}, holding the sections in buffers kept across calls, as the host's autosave
     *     does: the allocation left is the encoder's and the benchmark's own output array
     */
    @Benchmark
    public int writeReusingBuffers() throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream(bytes.length);
        captured.writeTo(out, buffers);
        return out.size();
    }

    /** @return a whole restore into a fresh world */
    @Benchmark
    public World restore() throws IOException {
        World target = new World();
        WorldSnapshot.restore(new ByteArrayInputStream(bytes), target, options);
        return target;
    }
}
