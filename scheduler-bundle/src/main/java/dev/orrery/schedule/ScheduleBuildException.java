package dev.orrery.schedule;

import dev.orrery.schedule.graph.BuildItem;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Thrown by {@link ScheduleBuilder#build()} when the input is invalid. The message names the schedule
 * and the items at fault (SCH-141): the message of the one problem, or a count and one line per
 * problem. It is bounded: each problem's message is ({@link BuildProblem#message()}), at most
 * {@value #MAX_LISTED_PROBLEMS} problems are listed, and no more than fit in
 * {@value #MAX_MESSAGE_LENGTH} characters, then {@code … and N more problems}. The same facts, all of
 * them, are available as data through {@link #problems()}, so a host can tell which plugin broke the
 * build. Nothing is half-built: a failed build leaves no schedule behind.
 *
 * @since 0.1
 */
public final class ScheduleBuildException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;
    /** At most this many problems are listed in the message. */
    public static final int MAX_LISTED_PROBLEMS = 20;
    /** The message lists no more problems than fit in this many characters (the first always does). */
    public static final int MAX_MESSAGE_LENGTH = 2 * BuildProblem.MAX_MESSAGE_LENGTH;

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
        StringBuilder sb = new StringBuilder(head).append(problems.size()).append(" problems:");
        int listed = 0;
        for (BuildProblem p : problems) {
            String line = "\n  - " + p.message();
            if (listed > 0 && (listed == MAX_LISTED_PROBLEMS || sb.length() + line.length() > MAX_MESSAGE_LENGTH)) {
                break;
            }
            sb.append(line);
            listed++;
        }
        if (listed < problems.size()) {
            sb.append("\n  - … and ").append(problems.size() - listed).append(" more problems (problems() lists them all)");
        }
        return sb.toString();
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
