package dev.orrery.schedule;

import dev.orrery.schedule.graph.BuildItem;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Thrown by {@link ScheduleBuilder#build()} when the input is invalid. The message names the schedule
 * and every item at fault (SCH-141); the same facts are available as data through {@link #problems()},
 * so a host can tell which plugin broke the build. Nothing is half-built: a failed build leaves no
 * schedule behind.
 *
 * @since 0.1
 */
public final class ScheduleBuildException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    private final String scheduleName;
    private final transient List<BuildProblem> problems;

    /**
     * @param scheduleName the name of the schedule being built
     * @param problems the problems found; at least one
     * @throws IllegalArgumentException if {@code problems} is empty
     */
    public ScheduleBuildException(String scheduleName, List<BuildProblem> problems) {
        super(format(scheduleName, problems));
        this.scheduleName = scheduleName;
        this.problems = List.copyOf(problems);
    }

    private static String format(String scheduleName, List<BuildProblem> problems) {
        if (problems.isEmpty()) {
            throw new IllegalArgumentException("a ScheduleBuildException needs at least one problem");
        }
        String head = "schedule '" + scheduleName + "': ";
        if (problems.size() == 1) {
            return head + problems.get(0).message();
        }
        return head + problems.size() + " problems:"
                + problems.stream().map(p -> "\n  - " + p.message()).collect(Collectors.joining());
    }

    /** @return the name of the schedule whose build failed */
    public String scheduleName() {
        return scheduleName;
    }

    /** @return the problems, in the order found (unmodifiable) */
    public List<BuildProblem> problems() {
        return problems;
    }

    /**
     * @return the sources (plugin names, or the schedule's name) of every item named by any problem, in
     *     first-mention order
     */
    public Set<String> sources() {
        Set<String> out = new LinkedHashSet<>();
        for (BuildProblem p : problems) {
            for (BuildItem i : p.items()) {
                out.add(i.source());
            }
        }
        return out;
    }
}
