package dev.orrery.host.jpms;

import java.util.Objects;

/**
 * Why a plugin jar (or one provider in it) was left out of the JPMS host: data, rendered to one log
 * line by {@link #render()}. Beyond the spec (Orrery's own).
 *
 * @param jar the jar's file name in the plugins folder
 * @param kind what kind of problem it is
 * @param detail the specifics (one line: the module, the missing requirement, the exception)
 */
record JarProblem(String jar, Kind kind, String detail) {
    /** The kinds of bad jars. */
    public enum Kind {
        /** Not a readable jar (e.g. a truncated zip). */
        UNREADABLE("cannot be read"),
        /** No {@code module-info.class}: automatic modules are not plugins in JPMS mode. */
        NOT_A_MODULE("is not a module"),
        /** Its module name is taken by a platform module or another plugin jar. */
        DUPLICATE_MODULE("duplicates a module"),
        /** A {@code requires} names a module that is neither a platform module nor a loaded plugin jar. */
        MISSING_REQUIRES("has a missing requires"),
        /** The plugin jars require each other in a cycle. */
        REQUIRES_CYCLE("is in a requires cycle"),
        /** The module graph does not resolve (e.g. a split package) or the layer cannot be defined. */
        RESOLUTION("does not resolve"),
        /** A provider of the service could not be instantiated (its constructor or provider method threw). */
        PROVIDER_FAILED("has a provider that failed");

        private final String words;

        Kind(String words) {
            this.words = words;
        }

        /** @return the words used in the rendered line */
        public String words() {
            return words;
        }
    }

    /** Checks the components are present. */
    public JarProblem {
        Objects.requireNonNull(jar, "jar");
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(detail, "detail");
    }

    /** @return one line: {@code plugin jar <file> <kind>: <detail>; left out} */
    public String render() {
        return "plugin jar " + jar + " " + kind.words() + ": " + detail.replace('\n', ' ') + "; left out";
    }
}
