package dev.orrery.demo.dnd.internal;

import dev.orrery.demo.dnd.model.DndTraits;
import dev.orrery.world.Trait;
import dev.orrery.world.World;
import dev.orrery.world.snapshot.SnapshotFiles;
import dev.orrery.world.snapshot.SnapshotOptions;
import java.io.IOException;
import java.nio.file.Path;

/**
 * {@code ./orrery-demo --load FILE} checks the file before it starts the host: restored into a world of
 * its own, with the demo's definitions, so a truncated or damaged file is one line naming it (and the
 * section) and exit code 2, not a host that starts and fails.
 */
public final class SaveFileCheck {
    private SaveFileCheck() {
    }

    /**
     * @param args the file
     */
    public static void main(String[] args) {
        Path file = Path.of(args[0]);
        try {
            SnapshotFiles.restore(file, new World(), SnapshotOptions.builder()
                    .traits(DndTraits.PERSISTENT.toArray(new Trait<?>[0])).build());
        } catch (IOException | RuntimeException e) {
            System.err.println("orrery-demo: --load: " + (e instanceof java.nio.file.NoSuchFileException
                    ? "no such file: " + file : e.getMessage()));
            System.exit(2);
        }
    }
}
