package dev.orrery.benchmarks;

/** A 2D velocity component in units per second, shared by the world benchmarks. */
public final class Velocity {
    /** x speed. */
    public double dx;
    /** y speed. */
    public double dy;

    /**
     * @param dx x speed
     * @param dy y speed
     */
    public Velocity(double dx, double dy) {
        this.dx = dx;
        this.dy = dy;
    }
}
