package dev.orrery.benchmarks;

/** A mutable 2D position component, shared by the world benchmarks of Orrery and Dominion. */
public final class Position {
    /** x coordinate. */
    public double x;
    /** y coordinate. */
    public double y;

    /**
     * @param x x
     * @param y y
     */
    public Position(double x, double y) {
        this.x = x;
        this.y = y;
    }
}
