package dev.orrery.benchmarks;

import java.util.List;
import java.util.function.Supplier;

/**
 * The component types of the {@code ecs_bench_suite} frag_iter shape: {@link Data}, which every entity
 * has, and 26 one-float letter types {@code A} to {@code Z}, one per archetype (each entity has one
 * letter). Artemis-odb, Ashley and Dominion key components by class, so the letters must be 26 classes;
 * Orrery uses one trait per class. Same dual base as {@link SuiteComponents}.
 */
public final class FragComponents {
    private FragComponents() {
    }

    /** The iterated component: one float, doubled by every frag_iter pass. */
    public static final class Data extends SuiteComponents.Base {
        /** The value. */
        public float value = 1;

        /** One (the suite's {@code Data(1.0)}). */
        public Data() {
        }
    }

    /** A one-float letter component; its class makes the entity's archetype. */
    public abstract static class Letter extends SuiteComponents.Base {
        /** The value. */
        public float value;
    }

    /** Letter A. */
    public static final class A extends Letter {
    }

    /** Letter B. */
    public static final class B extends Letter {
    }

    /** Letter C. */
    public static final class C extends Letter {
    }

    /** Letter D. */
    public static final class D extends Letter {
    }

    /** Letter E. */
    public static final class E extends Letter {
    }

    /** Letter F. */
    public static final class F extends Letter {
    }

    /** Letter G. */
    public static final class G extends Letter {
    }

    /** Letter H. */
    public static final class H extends Letter {
    }

    /** Letter I. */
    public static final class I extends Letter {
    }

    /** Letter J. */
    public static final class J extends Letter {
    }

    /** Letter K. */
    public static final class K extends Letter {
    }

    /** Letter L. */
    public static final class L extends Letter {
    }

    /** Letter M. */
    public static final class M extends Letter {
    }

    /** Letter N. */
    public static final class N extends Letter {
    }

    /** Letter O. */
    public static final class O extends Letter {
    }

    /** Letter P. */
    public static final class P extends Letter {
    }

    /** Letter Q. */
    public static final class Q extends Letter {
    }

    /** Letter R. */
    public static final class R extends Letter {
    }

    /** Letter S. */
    public static final class S extends Letter {
    }

    /** Letter T. */
    public static final class T extends Letter {
    }

    /** Letter U. */
    public static final class U extends Letter {
    }

    /** Letter V. */
    public static final class V extends Letter {
    }

    /** Letter W. */
    public static final class W extends Letter {
    }

    /** Letter X. */
    public static final class X extends Letter {
    }

    /** Letter Y. */
    public static final class Y extends Letter {
    }

    /** Letter Z. */
    public static final class Z extends Letter {
    }

    /** Makers of the 26 letters, A to Z: one archetype each. */
    static final List<Supplier<Letter>> LETTERS = List.of(
            A::new, B::new, C::new, D::new, E::new, F::new, G::new, H::new, I::new,
            J::new, K::new, L::new, M::new, N::new, O::new, P::new, Q::new, R::new,
            S::new, T::new, U::new, V::new, W::new, X::new, Y::new, Z::new);
}
