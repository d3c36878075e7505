package dev.orrery.demo.dnd.model;

import dev.orrery.world.Trait;
import dev.orrery.world.TraitCodec;
import dev.orrery.world.Tree;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * World trait: the combat log a person follows. Every line is kept (for tests and the summary) and
 * printed at once to the sink as {@value #PREFIX} + line, so the log can be told apart from the
 * host's own logging. The log holds only game events, never times or handles, so the same seed gives
 * the same log. Mutable; confined to the frame thread.
 */
public final class CombatLog {
    /** Prefix of every printed line. */
    public static final String PREFIX = "[dnd] ";

    /** The world trait; by default printing to {@code System.out}. */
    public static final Trait<CombatLog> TRAIT = Trait.<CombatLog>builder("dnd/log").defaultFactory(() -> new CombatLog(System.out))
            .persistent(1, TraitCodec.of(log -> new Tree.Array(log.lines.stream().map(Tree::of).toList()),
                    t -> new CombatLog(System.out, ((Tree.Array) t).items().stream().map(l -> ((Tree.Text) l).value()).toList())))
            .build();

    private final List<String> lines = new ArrayList<>();
    private final PrintStream sink;

    /** @param sink where lines are printed, or null to keep them only */
    public CombatLog(PrintStream sink) {
        this.sink = sink;
    }

    /**
     * @param sink where new lines are printed, or null to keep them only
     * @param earlier the lines so far (a loaded battle's), kept and not printed again
     */
    public CombatLog(PrintStream sink, List<String> earlier) {
        this(sink);
        lines.addAll(earlier);
    }

    /**
     * @param newSink where the new lines go
     * @return a log with these lines that prints new ones to {@code newSink}
     */
    public CombatLog continuedOn(PrintStream newSink) {
        return new CombatLog(newSink, lines);
    }

    /** @return a log that only keeps lines (for tests) */
    public static CombatLog silent() {
        return new CombatLog(null);
    }

    /** @param line one line of the log; not null */
    public void add(String line) {
        Objects.requireNonNull(line, "line");
        lines.add(line);
        if (sink != null) {
            sink.println(PREFIX + line);
            sink.flush();
        }
    }

    /** @return every line so far (an unmodifiable copy) */
    public List<String> lines() {
        return List.copyOf(lines);
    }
}
