package dev.orrery.benchmarks;

/**
 * The component types of the public {@code ecs_bench_suite} shapes (simple_insert, simple_iter,
 * add_remove), one set of classes for every library measured: each extends Artemis-odb's
 * {@code Component} (an abstract class) and implements Ashley's {@code Component} (an interface), and
 * Orrery and Dominion take any object, so all implementations store the very same objects. Values are
 * {@code float}, as the suite's {@code f32}; each component is one object with its fields inline (the
 * suite's {@code Matrix4<f32>} is sixteen fields, not an array). Artemis-odb creates components itself,
 * so each type has a public no-argument constructor (zeros) and a setter.
 */
public final class SuiteComponents {
    private SuiteComponents() {
    }

    /** What makes a class a component of Artemis-odb and Ashley at once. */
    public abstract static class Base extends com.artemis.Component implements com.badlogic.ashley.core.Component {
    }

    /** A 4×4 transform matrix, row-major ({@code Matrix4<f32>} in the suite). */
    public static final class Transform extends Base {
        /** Row 0. */
        public float m00, m01, m02, m03;
        /** Row 1. */
        public float m10, m11, m12, m13;
        /** Row 2. */
        public float m20, m21, m22, m23;
        /** Row 3. */
        public float m30, m31, m32, m33;

        /** Zeros (Artemis-odb's constructor); see {@link #scale(float)}. */
        public Transform() {
        }

        /**
         * Makes this a uniform scale ({@code Matrix4::from_scale} in the suite).
         *
         * @param s the scale factor
         * @return this
         */
        public Transform scale(float s) {
            m00 = s;
            m11 = s;
            m22 = s;
            m33 = 1;
            return this;
        }
    }

    /** Three floats: a position, a rotation or a velocity ({@code Vector3<f32>} in the suite). */
    public abstract static class Vec3 extends Base {
        /** x. */
        public float x;
        /** y. */
        public float y;
        /** z. */
        public float z;

        /**
         * @param x x
         * @param y y
         * @param z z
         * @return this
         */
        public Vec3 set(float x, float y, float z) {
            this.x = x;
            this.y = y;
            this.z = z;
            return this;
        }
    }

    /** A position. */
    public static final class Position extends Vec3 {
        /** Zeros. */
        public Position() {
        }
    }

    /** A rotation. */
    public static final class Rotation extends Vec3 {
        /** Zeros. */
        public Rotation() {
        }
    }

    /** A velocity, in units per step. */
    public static final class Velocity extends Vec3 {
        /** Zeros. */
        public Velocity() {
        }
    }

    /** One float ({@code A(f32)} in add_remove: every entity has it). */
    public static final class A extends Base {
        /** The value. */
        public float value;

        /** Zero. */
        public A() {
        }
    }

    /** One float ({@code B(f32)} in add_remove: added, then removed). */
    public static final class B extends Base {
        /** The value. */
        public float value;

        /** Zero. */
        public B() {
        }
    }

    /** @return a new {@code Transform} at scale 1, as every simple_insert entity gets */
    static Transform transform() {
        return new Transform().scale(1);
    }

    /** @return a new unit-x position */
    static Position position() {
        return (Position) new Position().set(1, 0, 0);
    }

    /** @return a new unit-x rotation */
    static Rotation rotation() {
        return (Rotation) new Rotation().set(1, 0, 0);
    }

    /** @return a new unit-x velocity */
    static Velocity velocity() {
        return (Velocity) new Velocity().set(1, 0, 0);
    }
}
