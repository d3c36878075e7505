package dev.orrery.testsupport.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orrery.host.PluginState;
import dev.orrery.host.PluginStatus;
import dev.orrery.world.Trait;
import dev.orrery.world.TraitCodec;
import dev.orrery.world.World;
import dev.orrery.world.snapshot.RestoreReport;
import dev.orrery.world.snapshot.SnapshotException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class GameHostSaveTest {
    record Gold(int amount) {
    }

    static final Trait<Gold> GOLD = Trait.<Gold>builder("test/gold").defaultValue(new Gold(0))
            .persistent(1, TraitCodec.of(Gold.class)).build();

    @TempDir
    Path dir;

    @Test
    void saveWritesAtAFrameBoundaryAndLoadRestoresTheWorld() throws Exception {
        World world = new World();
        FakeGameHost host = new FakeGameHost(world);
        host.addPlugin(PluginStatus.builder().name("economy").schedule(FakeGameHost.MAIN).bundle("game.economy/1.2.0")
                .state(PluginState.ACTIVE).build());
        long rich = world.spawn(GOLD.with(new Gold(500)));
        Path file = dir.resolve("save.json");

        assertEquals(file, host.save(file).toCompletableFuture().get(30, TimeUnit.SECONDS));
        String text = Files.readString(file, StandardCharsets.UTF_8);
        assertTrue(text.startsWith("orrery-world 1 json\n"), text);
        assertTrue(text.contains("\"game.economy/1.2.0\""), "the plugin manifest: " + text);

        world.set(rich, GOLD, new Gold(1));
        long poor = world.spawn(GOLD.with(new Gold(0)));
        RestoreReport report = host.load(file).toCompletableFuture().get(30, TimeUnit.SECONDS);
        assertEquals(1, report.entities());
        assertEquals(new Gold(500), world.get(rich, GOLD));
        assertEquals(false, world.isAlive(poor));
        assertEquals(List.of("economy"), report.plugins().stream().map(p -> p.name()).toList());
    }

    @Test
    void aDamagedFileFailsTheLoadWithOneLineAndLeavesTheWorld() throws Exception {
        World world = new World();
        FakeGameHost host = new FakeGameHost(world);
        world.spawn(GOLD.with(new Gold(7)));
        Path file = dir.resolve("save.orrery");
        host.save(file).toCompletableFuture().get(30, TimeUnit.SECONDS);
        assertTrue(Files.readString(file, StandardCharsets.ISO_8859_1).startsWith("orrery-world 1 cbor\n"));
        byte[] bytes = Files.readAllBytes(file);
        Files.write(file, java.util.Arrays.copyOf(bytes, bytes.length - 10));

        long later = world.spawn(GOLD.with(new Gold(8)));
        ExecutionException e = assertThrows(ExecutionException.class,
                () -> host.load(file).toCompletableFuture().get(30, TimeUnit.SECONDS));
        SnapshotException cause = assertInstanceOf(SnapshotException.class, e.getCause());
        assertEquals("entities", cause.section());
        assertTrue(cause.getMessage().startsWith(file + ": section 'entities' is truncated"), cause.getMessage());
        assertEquals(new Gold(8), world.get(later, GOLD), "the world is untouched");
    }
}
