/** ProfilePatch allows at most 50 interests (openapi.yaml). */
export const MAX_INTERESTS = 50;

/** Adds or removes one interest; beyond the contract's limit a new one is not added. */
export function toggleInterest(interestIds: readonly string[], id: string): string[] {
  if (interestIds.includes(id)) return interestIds.filter((existing) => existing !== id);
  if (interestIds.length >= MAX_INTERESTS) return [...interestIds];
  return [...interestIds, id];
}
