package dev.orrery.checks;

/**
 * A dependency between two top-level classes of different packages: the origin's bytecode names the
 * target (a field, a signature, a call, an annotation, a type argument...).
 *
 * @param origin the depending class, fully qualified
 * @param target the class depended on, fully qualified
 */
record ClassEdge(String origin, String target) implements Comparable<ClassEdge> {
    @Override
    public int compareTo(ClassEdge other) {
        int byOrigin = origin.compareTo(other.origin);
        return byOrigin != 0 ? byOrigin : target.compareTo(other.target);
    }

    /** @return {@code origin -> target} with simple names */
    String simple() {
        return simpleName(origin) + " -> " + simpleName(target);
    }

    @Override
    public String toString() {
        return origin + " -> " + target;
    }

    private static String simpleName(String className) {
        return className.substring(className.lastIndexOf('.') + 1);
    }
}
