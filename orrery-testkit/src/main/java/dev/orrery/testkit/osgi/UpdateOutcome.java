package dev.orrery.testkit.osgi;

import dev.orrery.host.RebuildInfo;
import java.util.List;
import java.util.Objects;

/**
 * What the host did when {@link HostDriver#update} replaced a plugin bundle: the kind of swap it saw
 * and the rebuilds it swapped in on the way, oldest first.
 *
 * <p>The host waits, after a plugin service leaves, up to {@code orrery.host.maxDelayMillis} for a
 * plugin of the same name to come back. When the new revision's plugin arrives within that window the
 * update is one swap ({@link Kind#REPLACED}: {@code replaced [name]}); when it arrives later (its
 * component waits for a reference, its constructor is slow, or the machine is loaded) the schedule runs
 * without it in between ({@link Kind#LEFT_THEN_JOINED}: {@code left [name]}, then {@code joined [name]}).
 *
 * <p>Beyond the spec (Orrery's own). Immutable.
 *
 * @since 0.3
 */
public final class UpdateOutcome {
    /** The kind of swap an update gave. */
    public enum Kind {
        /**
         * One swap: the bundle's plugins ran until the rebuild that put the new revision's in
         * ({@code replaced [name]}); no schedule in force lacked them.
         */
        REPLACED,
        /**
         * Two swaps: a rebuild without the bundle's plugins ({@code left [name]}), then one with the new
         * revision's ({@code joined [name]}); frames in between ran without them. A plugin that the
         * update renamed always counts as this.
         */
        LEFT_THEN_JOINED,
        /** Neither revision of the bundle provided a plugin the host tracks: nothing was swapped. */
        NO_PLUGIN
    }

    private final Kind kind;
    private final List<RebuildInfo> rebuilds;

    /**
     * @param kind the kind of swap
     * @param rebuilds the rebuilds swapped in between the start of the update and the new revision's
     *     plugins being in force, oldest first
     * @throws NullPointerException if kind or rebuilds is null
     */
    public UpdateOutcome(Kind kind, List<RebuildInfo> rebuilds) {
        this.kind = Objects.requireNonNull(kind, "UpdateOutcome: kind");
        this.rebuilds = List.copyOf(rebuilds);
    }

    /** @return the kind of swap */
    public Kind kind() {
        return kind;
    }

    /** @return whether the update was one swap ({@link Kind#REPLACED}) */
    public boolean oneSwap() {
        return kind == Kind.REPLACED;
    }

    /**
     * @return the rebuilds the host recorded after the update began, oldest first, up to the one that
     *     put the new revision's plugins in force (empty for {@link Kind#NO_PLUGIN}); a rebuild swapped
     *     in just before the call whose record the host had not published yet can be the first
     */
    public List<RebuildInfo> rebuilds() {
        return rebuilds;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof UpdateOutcome u && u.kind == kind && u.rebuilds.equals(rebuilds);
    }

    @Override
    public int hashCode() {
        return kind.hashCode() * 31 + rebuilds.hashCode();
    }

    /** @return e.g. {@code REPLACED after 1 rebuild(s): [schedule 'main' rebuilt (#3) ...]} */
    @Override
    public String toString() {
        return kind + " after " + rebuilds.size() + " rebuild(s): " + rebuilds.stream().map(RebuildInfo::summary).toList();
    }
}
