package dev.orrery.demo.dnd.model;

/** The two sides of the skirmish. */
public enum Side {
    /** The heroes. */
    PARTY("the party", "the party wins"),
    /** The monsters. */
    MONSTERS("the monsters", "the monsters win");

    private final String title;
    private final String wins;

    Side(String title, String wins) {
        this.title = title;
        this.wins = wins;
    }

    /** @return the victory phrase ("the party wins") */
    public String wins() {
        return wins;
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
