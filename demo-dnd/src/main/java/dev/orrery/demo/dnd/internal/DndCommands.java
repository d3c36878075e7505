package dev.orrery.demo.dnd.internal;

import dev.orrery.demo.dnd.ConsoleTurn;
import dev.orrery.host.GameHost;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;
import org.apache.felix.service.command.Descriptor;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

/**
 * The {@code dnd:*} Gogo shell commands of interactive mode: {@code act} answers the party's prompt,
 * {@code options} shows it again. They hand the input to the frame thread ({@link GameHost#submit}).
 * {@code act} prints its answer there, where the decision is taken: the lines of the turn it decides come
 * from later frames of that thread, so the answer always stands above them (returned to the shell, it
 * would be printed by the shell's thread, before or after them as the threads happen to run).
 * {@code options} returns its answer to the shell.
 */
@Component(service = DndCommands.class, property = {
    "osgi.command.scope=dnd",
    "osgi.command.function=act",
    "osgi.command.function=options"
})
public final class DndCommands {
    private static final long TIMEOUT_SECONDS = 5;
    private final GameHost host;

    /** @param host the game host */
    @Activate
    public DndCommands(@Reference GameHost host) {
        this.host = host;
    }

    /**
     * Prints what happens, or why nothing does, on the frame thread (standard output).
     *
     * @param words the decision: an option number, or attack/heal name, or dodge
     * @return null once the answer is printed; why there is none when the frame thread did not take the
     *     input (it failed, or did not answer within 5 s)
     */
    @Descriptor("decide the party's turn: act <number> | act attack <name> | act heal <name> | act dodge")
    public String act(@Descriptor("option number or action") String... words) {
        String text = String.join(" ", words);
        return onFrameThread(world -> {
            System.out.println(ConsoleTurn.accept(world, text));
            System.out.flush();
            return null;
        });
    }

    /** @return the current prompt again */
    @Descriptor("show the party's options for the current turn again")
    public String options() {
        return onFrameThread(ConsoleTurn::options);
    }

    private String onFrameThread(Function<dev.orrery.world.World, String> work) {
        try {
            return host.submit(work).toCompletableFuture().get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            return "failed: " + e.getCause();
        } catch (TimeoutException e) {
            return "the host did not answer within " + TIMEOUT_SECONDS + " s (is the simulation paused?)";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "interrupted";
        }
    }
}
