package dev.orrery.schedule.internal.plan;

import dev.orrery.schedule.Phase;
import java.util.List;

/**
 * The phase graph of a validated declaration (SCH-101): node ids {@code 0..8} are the builtin phases
 * in chain order, node {@code 9 + i} is the custom phase declared at index {@code i}, so a smaller id
 * among custom phases means declared earlier. Edges: the builtin chain, each dependsOn edge
 * (dependency → phase) and each before edge (phase → target).
 */
final class PhaseGraph {
    /** Number of builtin phases; also the id of the first custom phase. */
    static final int BUILTINS = Phase.BUILTIN.size();

    private final Declarations decl;
    private final Phase[] nodes;
    private final IntDigraph edges;

    private PhaseGraph(Declarations decl, Phase[] nodes, IntDigraph edges) {
        this.decl = decl;
        this.nodes = nodes;
        this.edges = edges;
    }

    /**
     * @param decl declarations that passed {@link DeclarationChecks} (no duplicates, known references)
     * @return the graph
     */
    static PhaseGraph of(Declarations decl) {
        List<Declared<Phase>> custom = decl.phases();
        Phase[] nodes = new Phase[BUILTINS + custom.size()];
        IntList from = new IntList();
        IntList to = new IntList();
        for (int b = 0; b < BUILTINS; b++) {
            nodes[b] = Phase.BUILTIN.get(b);
            if (b > 0) {
                from.add(b - 1);
                to.add(b);
            }
        }
        for (Declared<Phase> d : custom) {
            int id = BUILTINS + d.index();
            nodes[id] = d.item();
            for (Phase dep : d.item().dependsOn()) {
                from.add(idOf(decl, dep));
                to.add(id);
            }
            for (Phase target : d.item().before()) {
                from.add(id);
                to.add(idOf(decl, target));
            }
        }
        return new PhaseGraph(decl, nodes, IntDigraph.of(nodes.length, from, to));
    }

    /** @return the number of phases, builtin and custom */
    int size() {
        return nodes.length;
    }

    /** @return the node id of a builtin or declared phase */
    int id(Phase phase) {
        return idOf(decl, phase);
    }

    private static int idOf(Declarations decl, Phase phase) {
        return phase.isBuiltin() ? Phase.BUILTIN.indexOf(phase) : BUILTINS + decl.indexOf(phase);
    }

    Phase phase(int id) {
        return nodes[id];
    }

    boolean isBuiltin(int id) {
        return id < BUILTINS;
    }

    /** @return the declaration of a custom phase node */
    Declared<Phase> declared(int id) {
        return decl.phases().get(id - BUILTINS);
    }

    /** @return the edges, builtin chain included */
    IntDigraph edges() {
        return edges;
    }
}
