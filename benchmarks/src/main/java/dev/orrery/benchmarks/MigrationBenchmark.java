package dev.orrery.benchmarks;

import dev.orrery.world.Trait;
import dev.orrery.world.TraitCodec;
import dev.orrery.world.Tree;
import dev.orrery.world.World;
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
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * Migration cost per value: a restore of {@value #VALUES} values of one persistent trait saved at
 * version 1, decoded by the same version 1 ({@code current}: no migration) or by version 2, whose one
 * migration step renames a field and adds one ({@code oneStep}). Reported per value
 * ({@code @OperationsPerInvocation}); the migration's cost is the difference of the two, and
 * {@code stepOnly} measures it alone: the step applied to the values' stored trees.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@State(Scope.Benchmark)
public class MigrationBenchmark {
    static final int VALUES = 100_000;

    /** Version 1 of the plugin's value. */
    public record HealthV1(int hp) {
    }

    /** Version 2: current and maximum. */
    public record HealthV2(int current, int max) {
    }

    static final Trait<HealthV1> V1 = Trait.<HealthV1>builder("bench/health").defaultValue(new HealthV1(0))
            .persistent(1, TraitCodec.of(HealthV1.class)).build();
    static final Trait<HealthV2> V2 = Trait.<HealthV2>builder("bench/health").defaultValue(new HealthV2(0, 0))
            .persistent(2, TraitCodec.of(HealthV2.class))
            .migration(1, t -> ((Tree.Obj) t).renamed("hp", "current").with("max", Tree.of(100)))
            .build();

    @Param({"CBOR"})
    public SnapshotFormat format;

    private byte[] bytes;
    private Tree[] stored;
    private SnapshotOptions current;
    private SnapshotOptions migrating;

    @Setup
    public void setUp() throws IOException {
        World world = new World();
        for (int i = 0; i < VALUES; i++) {
            world.spawn(V1.with(new HealthV1(i % 100)));
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        WorldSnapshot.save(world, out, SnapshotOptions.builder().format(format).build());
        bytes = out.toByteArray();
        stored = new Tree[VALUES];
        for (int i = 0; i < VALUES; i++) {
            stored[i] = V1.persistence().orElseThrow().codec().encode(new HealthV1(i % 100));
        }
        current = SnapshotOptions.builder().traits(V1).build();
        migrating = SnapshotOptions.builder().traits(V2).build();
    }

    /** @return a fresh world restored with the version that wrote the data */
    @Benchmark
    @OperationsPerInvocation(VALUES)
    public World current() throws IOException {
        return restore(current);
    }

    /** @return a fresh world restored with version 2: one migration step per value */
    @Benchmark
    @OperationsPerInvocation(VALUES)
    public World oneStep() throws IOException {
        return restore(migrating);
    }

    /** @return the last migrated tree: the migration step alone, per stored value */
    @Benchmark
    @OperationsPerInvocation(VALUES)
    public Tree stepOnly() {
        Tree last = null;
        for (Tree t : stored) {
            last = V2.persistence().orElseThrow().upgrade(1, t);
        }
        return last;
    }

    private World restore(SnapshotOptions options) throws IOException {
        World target = new World();
        WorldSnapshot.restore(new ByteArrayInputStream(bytes), target, options);
        return target;
    }
}
