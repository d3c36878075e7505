/**
 * JMH benchmarks of Orrery's scheduler and world, with peer ECS libraries measured in the same run
 * (Artemis-odb 2.3.0 and Ashley 1.7.4 for system dispatch, Dominion 0.9.0 for entity iteration, and all
 * three in the shapes of the public {@code ecs_bench_suite}: simple_insert, add_remove, frag_iter,
 * simple_iter), and of the world's structural transactions (staging and publishing).
 * Results and how to run them: BENCHMARKS.md at the repository root.
 */
package dev.orrery.benchmarks;
