package dev.orrery.demo.dnd.model;

/**
 * A dice expression {@code NdS+B}, e.g. {@code 1d8+3}.
 *
 * @param count number of dice, at least 1
 * @param sides sides per die, at least 2
 * @param bonus added to the sum (may be negative or 0)
 */
public record Dice(int count, int sides, int bonus) {
    /**
     * @throws IllegalArgumentException if {@code count < 1} or {@code sides < 2}
     */
    public Dice {
        if (count < 1 || sides < 2) {
            throw new IllegalArgumentException("Dice: need count >= 1 and sides >= 2, got " + count + "d" + sides);
        }
    }

    /**
     * @param count number of dice
     * @param sides sides per die
     * @param bonus flat bonus
     * @return the expression
     */
    public static Dice of(int count, int sides, int bonus) {
        return new Dice(count, sides, bonus);
    }

    @Override
    public String toString() {
        return count + "d" + sides + (bonus > 0 ? "+" + bonus : bonus < 0 ? String.valueOf(bonus) : "");
    }
}
