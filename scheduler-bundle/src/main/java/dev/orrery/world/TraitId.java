package dev.orrery.world;

/**
 * A trait's id in one entity store, cached on the trait ({@code Trait.cachedId}).
 *
 * @param owner the token of the store the id belongs to (not the store itself: a trait must not keep a
 *     world reachable)
 * @param id the trait's id in that store
 */
record TraitId(Object owner, int id) {
}
