/** ProfilePatch allows at most 50 interests (openapi.yaml). */
export const MAX_INTERESTS = 50;

/** Adds or removes one interest; beyond the contract's limit a new one is not added. */
export function toggleInterest(interestIds: readonly string[], id: string): string[] {
  if (interestIds.includes(id)) return interestIds.filter((existing) => existing !== id);
  if (interestIds.length >= MAX_INTERESTS) return [...interestIds];
  return [...interestIds, id];
}

/** A strand of the framework and its elements, as the interests question offers them. */
export type StrandChoice = { id: string; elementIds: readonly string[] };

/** A strand is chosen as a whole (its own id) or narrowed to some of its elements. */
export const isStrandChosen = (interestIds: readonly string[], strand: StrandChoice): boolean =>
  interestIds.includes(strand.id) || strand.elementIds.some((id) => interestIds.includes(id));

/** Choosing a strand takes all of it; un-choosing it drops its elements too. */
export function toggleStrand(interestIds: readonly string[], strand: StrandChoice): string[] {
  if (!isStrandChosen(interestIds, strand)) return toggleInterest(interestIds, strand.id);
  return interestIds.filter((id) => id !== strand.id && !strand.elementIds.includes(id));
}

/**
 * Narrowing a strand to an element replaces "all of it" by that element; taking its last element
 * off leaves the strand chosen as a whole, so a strand never silently disappears.
 */
export function toggleElement(interestIds: readonly string[], strand: StrandChoice, elementId: string): string[] {
  if (interestIds.includes(elementId)) {
    const rest = interestIds.filter((id) => id !== elementId);
    return strand.elementIds.some((id) => rest.includes(id)) ? rest : toggleInterest(rest, strand.id);
  }
  return toggleInterest(
    interestIds.filter((id) => id !== strand.id),
    elementId,
  );
}
