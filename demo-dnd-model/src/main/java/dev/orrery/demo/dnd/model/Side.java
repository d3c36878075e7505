package dev.orrery.demo.dnd.model;

/** The two sides of the skirmish. */
public enum Side {
    /** The heroes. */
    PARTY("the party"),
    /** The monsters. */
    MONSTERS("the monsters");

    private final String title;

    Side(String title) {
        this.title = title;
    }

    /** @return how the combat log names the side ("the party") */
    public String title() {
        return title;
    }

    /** @return the other side */
    public Side opponent() {
        return this == PARTY ? MONSTERS : PARTY;
    }
}
