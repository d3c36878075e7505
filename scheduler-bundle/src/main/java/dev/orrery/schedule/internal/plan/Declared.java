package dev.orrery.schedule.internal.plan;

/**
 * One entry of a flattened declaration list (SCH-136): the item, its position in that list (the
 * declaration index used for every tie-break, SCH-137) and its source.
 *
 * @param item the phase, set or system
 * @param index its position in the flattened list of its kind
 * @param source who declared it
 * @param <T> the kind of item
 */
record Declared<T>(T item, int index, Source source) {
}
